/** The clubs page's words, in one place (the spec's texts word for word). */
export const CLUBS_TITLE = 'Find a club to train with';
export const CLUBS_INTRO = 'Clubs around the state: when and where they train, who leads them and who pulls there.';
export const NO_MATCH_TITLE = 'No clubs match your filters';
export const CLEAR_FILTERS = 'Clear filters';
export const NO_CLUBS = 'No clubs are listed yet.';
export const UNDER_CONSTRUCTION = 'UNDER CONSTRUCTION — Some features are unavailable at the moment.';
export const ADD_CLUB_FRAME = { anchor: 'submit-club', title: 'Add Club', className: 'add-club-panel' };
export const CLUB_FAILED = 'Failed to submit club. Please try again later.';
export const LOCAL_EDIT_NOTE = 'Local edit mode: your changes are kept on this device only. Nobody else sees them.';
export const LOCAL_EDITED_NOTE = 'Edited on this device only.';
export const SERVER_EDIT_NOTE = 'Your changes are saved for everyone.';
export const VERIFIED_TIP = 'Verified: the site’s admins have confirmed this club and its leaders.';
export const TALENT_TIP =
  'Top-10 hand placings (left or right hand, in their weight class) of this club’s members in the category.';
export const OUT_OF_STATE_NOTE = 'This club trains outside the state. Its members still pull at the state’s events.';
