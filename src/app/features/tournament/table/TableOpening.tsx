/**
 * What a table device shows while its screen's chunk comes and while a device new to its key asks for its table:
 * in the screen's frame already (styles.css makes it a screen high), so nothing moves when the screen comes and
 * the footer does not show and then slide away.
 */
export function TableOpening() {
  return (
    <section className="table-screen">
      <p role="status">Opening the table…</p>
    </section>
  );
}
