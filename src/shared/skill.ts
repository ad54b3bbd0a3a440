/** Skill shown to people: 0-60, default 40 where no value exists. Free of zod: the app uses it. */
export const SKILL_MIN = 0;
export const SKILL_MAX = 60;
export const SKILL_DEFAULT = 40;
