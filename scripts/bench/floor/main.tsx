import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchMenBoard, TenRows, type Board } from './TenRows.tsx';

/**
 * The bench's floor: the smallest React page that draws what the leaderboards screen draws first, the men's first
 * ten rows (left hand and right hand side by side) from the same JSON answer. Each audited page's main-thread time
 * is reported as a multiple of this page's, measured in the same run, so a figure can be compared across moments and
 * machines (scripts/bench/lighthouse.ts).
 */
function Rows() {
  const [board, setBoard] = useState<Board | null>(null);
  useEffect(() => {
    void fetchMenBoard().then(setBoard);
  }, []);
  if (!board) return <p>Loading…</p>;
  return <TenRows board={board} />;
}

createRoot(document.getElementById('root')!).render(<Rows />);
