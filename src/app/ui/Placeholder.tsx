import type { ReactNode } from 'react';

/** A screen whose feature has not been built yet says so plainly; nothing on it pretends to work. */
export function Placeholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      <div className="placeholder">{children}</div>
    </section>
  );
}
