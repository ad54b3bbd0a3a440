import { useId, type ReactNode } from 'react';

/** A screen whose feature has not been built yet says so plainly; nothing on it pretends to work. */
export function Placeholder({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="screen" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <div className="placeholder">{children}</div>
    </section>
  );
}
