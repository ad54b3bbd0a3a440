/** The part of the leaderboard answer both floors read. */
export interface Board {
  ranks: { LH: { name: string }[]; RH: { name: string }[] };
}

/** The men's leaderboard, as the app asks for it first: fresh from the server (`t`), never from a cache. */
export function fetchMenBoard(): Promise<Board> {
  return fetch(`/api/v1/leaderboard?sex=M&t=${Date.now()}`, { cache: 'no-store' }).then(
    (res) => res.json() as Promise<Board>,
  );
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
