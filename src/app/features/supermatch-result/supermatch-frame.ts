/** The Submit Supermatch Result panel's frame: its anchor (links such as #supermatch land on it) and heading. */
export const SUPERMATCH_FRAME = {
  anchor: 'supermatch',
  title: 'Submit Supermatch Result',
  className: 'supermatch-panel',
};
