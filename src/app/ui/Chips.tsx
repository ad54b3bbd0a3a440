/**
 * A row of filter chips, each a toggle button, the chosen one pressed (a
 * weight class, a review status, a kind of submission). A chip with a count
 * shows it in a badge and is named 'Approved, 2': its text alone would run the
 * word and the count together for some readers ('Approved2').
 */
export function Chips<V>({
  label,
  options,
  pressed,
  onChoose,
  className,
}: {
  /** The group's name. */
  label: string;
  options: readonly { value: V; text: string; count?: number | undefined }[];
  pressed: (value: V) => boolean;
  onChoose: (value: V) => void;
  className?: string;
}) {
  return (
    <div className={className ? `chips ${className}` : 'chips'} role="group" aria-label={label}>
      {options.map(({ value, text, count }) => (
        <button
          key={text}
          type="button"
          className="chip"
          aria-pressed={pressed(value)}
          aria-label={count === undefined ? undefined : `${text}, ${count}`}
          onClick={() => onChoose(value)}
        >
          {text}
          {count === undefined ? null : <span className="chip-count">{count}</span>}
        </button>
      ))}
    </div>
  );
}
