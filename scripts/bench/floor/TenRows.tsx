/** The part of the leaderboard answer both floors read. */
export interface Board {
  ranks: { LH: { name: string }[]; RH: { name: string }[] };
}

/** What both floors draw: the men's first ten rows, left hand and right hand side by side. */
export function TenRows({ board }: { board: Board }) {
  return (
    <table>
      <caption>Men</caption>
      <thead>
        <tr>
          <th>Left</th>
          <th>#</th>
          <th>Right</th>
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: 10 }, (_, i) => (
          <tr key={i}>
            <td>{board.ranks.LH[i]?.name}</td>
            <td>{i + 1}</td>
            <td>{board.ranks.RH[i]?.name}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
