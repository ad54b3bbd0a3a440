/** The events page's fixed texts, word for word. */
export const EVENTS_TITLE = 'Upcoming Events';
export const EVENTS_NOTICE =
  "We're actively adding and updating events. Check back regularly for the most current information.";
export const EMPTY_TITLE = 'No upcoming events';
export const EMPTY_TEXT = 'Check back soon or submit an event below.';
export const UNDER_CONSTRUCTION = 'UNDER CONSTRUCTION — Some features are unavailable at the moment.';
export const EVENT_FAILED = 'Failed to submit event. Please try again later.';
export const PAST_TITLE = 'Past Events';
export const PAST_NOTE = 'Under construction: past events are still being added.';
export const SHOW_MORE = 'Show more';
export const ADD_EVENT_FRAME = { anchor: 'submit-event', title: 'Add Event', className: 'add-event-panel' };
export const SKELETON_CARDS = 6;
