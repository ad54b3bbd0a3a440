import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The bench's floor: the smallest React page that draws what the leaderboards screen draws first, the men's first
 * ten rows (left hand and right hand side by side) from the same JSON answer. Each audited page's main-thread time
 * is reported as a multiple of this page's, measured in the same run, so a figure can be compared across moments and
 * machines (scripts/bench/lighthouse.ts).
 */
interface Board {
  ranks: { LH: { name: string }[]; RH: { name: string }[] };
}

function Rows() {
  const [board, setBoard] = useState<Board | null>(null);
  useEffect(() => {
    void fetch(`/api/v1/leaderboard?sex=M&t=${Date.now()}`, { cache: 'no-store' })
      .then((res) => res.json() as Promise<Board>)
      .then(setBoard);
  }, []);
  if (!board) return <p>Loading…</p>;
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

createRoot(document.getElementById('root')!).render(<Rows />);
