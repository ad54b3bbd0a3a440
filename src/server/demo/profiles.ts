import { DEFAULT_SETTINGS, type AssociationSettings } from '../../shared/association.ts';
import type { Sex } from '../../shared/weight-classes.ts';
import { BALTIC_CATALOGUE } from './catalogue-baltic.ts';
import { STATE_CATALOGUE, type DemoCatalogue } from './catalogue.ts';

/**
 * The associations a demo can be (DEMO_ASSOCIATION): today's American state association weighing in pounds, whose
 * profile is the defaults an empty database already has, or a kilogram federation with WAF's classes, whose profile
 * is written first. The generators take their classes, divisions and unit from the profile, and the rest (how
 * weights spread over the classes, names and places) from the demo's own parts here.
 */

export const DEMO_ASSOCIATIONS = ['lbs', 'kg'] as const;
export type DemoAssociation = (typeof DEMO_ASSOCIATIONS)[number];

export interface DemoProfile {
  /**
   * Its classes, unit and divisions. The demo's divisions are pro, am, masters and novice (whatever their labels):
   * the league's history is stored as placements, which keep pro, am or masters (the rail of their medals).
   */
  settings: AssociationSettings;
  /** How the demo's athletes weigh, in the profile's unit. */
  weights: {
    /** The lightest and the heaviest believable weight: below the first class and above the last closed one. */
    extremes: Record<Sex, readonly [lightest: number, heaviest: number]>;
    /** The share of athletes in each class, lightest first (one per class of the profile's list). */
    shares: Record<Sex, readonly number[]>;
    /** The hidden strength one class up adds (a heavier athlete pulls harder). */
    classStrength: number;
  };
  catalogue: DemoCatalogue;
}

/** The pounds demo: the defaults' classes and divisions. */
const STATE: DemoProfile = {
  settings: DEFAULT_SETTINGS,
  weights: {
    extremes: { M: [125, 330], F: [105, 230] },
    shares: { M: [0.13, 0.19, 0.22, 0.19, 0.14, 0.13], F: [0.55, 0.45] },
    classStrength: 0.08,
  },
  catalogue: STATE_CATALOGUE,
};

/** An invented federation weighing in kilograms, with WAF's classes and masters' fewer classes of their own. */
export const KG_FEDERATION: AssociationSettings = {
  name: 'Baltic Armwrestling Federation',
  short_name: 'Baltic AWF',
  region: 'Lithuania',
  units: 'kg',
  time_zone: 'Europe/Vilnius',
  contact: 'info@balticawf.example',
  theme_color: '#14532d',
  classes: {
    M: ['55', '60', '65', '70', '75', '80', '85', '90', '100', '110', '110+'],
    F: ['50', '55', '60', '65', '70', '80', '80+'],
    by_division: { masters: { M: ['70', '80', '90', '100', '100+'], F: ['60', '70', '70+'] } },
  },
  // Its seniors and amateurs under the codes results are stored with (pro and am), so that the league's history
  // reads with its labels too.
  divisions: [
    { code: 'pro', label: 'Seniors', medals: 'tournament' },
    { code: 'juniors', label: 'Juniors', medals: 'tournament' },
    { code: 'masters', label: 'Masters', medals: 'tournament' },
    { code: 'para', label: 'Para', medals: 'tournament' },
    { code: 'am', label: 'Amateur', medals: 'amateur' },
    { code: 'novice', label: 'Novices', medals: 'amateur' },
  ],
  team_points: [25, 17, 9, 5, 3, 2],
  talent_categories: [
    { label: 'Light talent', classes: { M: ['60', '65', '70'], F: ['55', '60'] } },
    { label: 'Middle talent', classes: { M: ['75', '80', '85'], F: ['65', '70'] } },
    { label: 'Heavy talent', classes: { M: ['90', '100'], F: ['80', '80+'] } },
    { label: 'Super talent', classes: { M: ['110', '110+'], F: [] } },
  ],
};

const BALTIC: DemoProfile = {
  settings: KG_FEDERATION,
  weights: {
    extremes: { M: [50, 150], F: [45, 105] },
    shares: {
      M: [0.02, 0.05, 0.06, 0.1, 0.12, 0.13, 0.12, 0.11, 0.12, 0.08, 0.09],
      F: [0.08, 0.14, 0.2, 0.2, 0.16, 0.13, 0.09],
    },
    // Classes half as wide as the pounds ones: half the strength a class.
    classStrength: 0.04,
  },
  catalogue: BALTIC_CATALOGUE,
};

export const DEMO_PROFILES: Record<DemoAssociation, DemoProfile> = { lbs: STATE, kg: BALTIC };
