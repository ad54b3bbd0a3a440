import type { EventDraft } from '../../shared/events.ts';
import type { Sex } from '../../shared/weight-classes.ts';

/**
 * Invented names and places for the demo league: no real people, clubs or events. A demo association has its own
 * catalogue (this file's is the American state association's; catalogue-baltic.ts the kilogram federation's), and the
 * generators draw from whichever they are given the same way, so the same seed picks the same positions in it.
 */

// prettier-ignore
export const MALE_FIRST = [
  'Aaron', 'Abel', 'Adrian', 'Alden', 'Anton', 'Arlo', 'Beau', 'Bennett', 'Blake', 'Boone', 'Bradley',
  'Brendan', 'Brooks', 'Caleb', 'Calvin', 'Cameron', 'Carlos', 'Carter', 'Cedric', 'Clayton', 'Colby',
  'Colin', 'Conrad', 'Cooper', 'Cyrus', 'Dalton', 'Damian', 'Dante', 'Darius', 'Deacon', 'Declan', 'Derek',
  'Desmond', 'Dominic', 'Drew', 'Duncan', 'Eli', 'Elliott', 'Emmett', 'Enzo', 'Ezra', 'Felix', 'Finn',
  'Gabriel', 'Garrett', 'Gideon', 'Graham', 'Grant', 'Griffin', 'Harlan', 'Hector', 'Hollis', 'Hugo',
  'Isaac', 'Ivan', 'Jalen', 'Jasper', 'Jonah', 'Julian', 'Kai', 'Keegan', 'Kellan', 'Landon', 'Lawson',
  'Leon', 'Luca', 'Malik', 'Marco', 'Marcus', 'Mateo', 'Micah', 'Miles', 'Nolan', 'Omar', 'Orion', 'Owen',
  'Pablo', 'Quentin', 'Rafael', 'Reid', 'Roland', 'Rowan', 'Ruben', 'Santiago', 'Silas', 'Soren', 'Tariq',
  'Theo', 'Tobias', 'Tristan', 'Tucker', 'Victor', 'Wade', 'Warren', 'Wesley', 'Xavier', 'Yusuf', 'Zane',
] as const;

// prettier-ignore
export const FEMALE_FIRST = [
  'Adelaide', 'Alma', 'Amara', 'Anika', 'Aria', 'Beatrix', 'Bianca', 'Brianna', 'Brooke', 'Camila', 'Cara',
  'Celeste', 'Clara', 'Daphne', 'Delia', 'Eden', 'Elena', 'Eliza', 'Esme', 'Fiona', 'Freya', 'Gemma',
  'Greta', 'Hattie', 'Hazel', 'Imani', 'Ingrid', 'Iris', 'Isla', 'Ivy', 'Jade', 'Joelle', 'Juniper', 'Kaia',
  'Keira', 'Lena', 'Leona', 'Lila', 'Lorna', 'Lucia', 'Mabel', 'Maren', 'Marisol', 'Maya', 'Mina', 'Nadia',
  'Naomi', 'Nell', 'Noelle', 'Nora', 'Odette', 'Opal', 'Paloma', 'Petra', 'Priya', 'Quinn', 'Reina', 'Rhea',
  'Rosa', 'Ruby', 'Sabine', 'Selena', 'Signe', 'Simone', 'Sloane', 'Sofia', 'Talia', 'Tamsin', 'Tessa',
  'Thea', 'Tova', 'Uma', 'Vera', 'Vivian', 'Willa', 'Wren', 'Yara', 'Yvette', 'Zara', 'Zoe',
] as const;

// prettier-ignore
export const LAST = [
  'Abbott', 'Abernathy', 'Achebe', 'Acosta', 'Adair', 'Alcott', 'Aldana', 'Alvarado', 'Amadi', 'Ambrose',
  'Amundsen', 'Ashby', 'Ashworth', 'Atwater', 'Bachmann', 'Balogun', 'Bancroft', 'Banerjee', 'Barlow',
  'Beaumont', 'Becerra', 'Bellamy', 'Benedetto', 'Bergstrom', 'Birch', 'Blackwood', 'Blevins', 'Bock',
  'Bramwell', 'Brandt', 'Brannigan', 'Brightwater', 'Bui', 'Caldera', 'Calloway', 'Carrick', 'Castellanos',
  'Castillo', 'Chowdhury', 'Cisneros', 'Coleridge', 'Colquitt', 'Corbin', 'Cordova', 'Cortez', 'Coyle',
  'Crane', 'Dalgaard', 'Daly', 'Delacroix', 'Delgado', 'Devereaux', 'Dobrev', 'Dorsey', 'Duarte', 'Dunleavy',
  'Dunmore', 'Eastman', 'Easton', 'Eklund', 'Ekwueme', 'Ellery', 'Espinoza', 'Fairbanks', 'Fairchild',
  'Falco', 'Falk', 'Faraday', 'Farrow', 'Fenwick', 'Ferreira', 'Figueroa', 'Fitzgerald', 'Fleming',
  'Fontaine', 'Foxworth', 'Gallagher', 'Galloway', 'Garrido', 'Gentry', 'Greaves', 'Grimaldi', 'Gunderson',
  'Gutierrez', 'Haddad', 'Hadley', 'Hallett', 'Hallstrom', 'Halvorsen', 'Hargrove', 'Hartwell', 'Hawthorne',
  'Heller', 'Hendricks', 'Hightower', 'Holloway', 'Huang', 'Ibarra', 'Ingram', 'Ishikawa', 'Ivers',
  'Iwasaki', 'Jablonski', 'Jarvis', 'Jessup', 'Jovanovic', 'Juarez', 'Kaminski', 'Kapoor', 'Keane',
  'Kearney', 'Kessler', 'Kimura', 'Kincaid', 'Kirkland', 'Kovacs', 'Kowalczyk', 'Kuznetsov', 'Lachance',
  'Landry', 'Langford', 'Larkin', 'Lazaro', 'Ledesma', 'Lindell', 'Lindgren', 'Lockhart', 'Lomax', 'Lowell',
  'Lozano', 'Lundquist', 'Lyle', 'Macedo', 'Maddox', 'Madsen', 'Mahoney', 'Marchetti', 'Marquez',
  'McAllister', 'Medina', 'Mendoza', 'Mercado', 'Merriweather', 'Montague', 'Moreau', 'Mulligan',
  'Nakagawa', 'Nakamura', 'Nakashima', 'Navarro', 'Nguyen', 'Nordstrom', 'Norwood', 'Novak', 'Nwosu',
  'Oakley', 'Ochoa', 'Odhiambo', 'Oduya', 'Ogden', 'Okonkwo', 'Okoye', 'Olander', 'Orsini', 'Osei',
  'Oyelaran', 'Pacheco', 'Padilla', 'Palmieri', 'Paredes', 'Pemberton', 'Pennington', 'Petrakis', 'Pham',
  'Pike', 'Prescott', 'Pruitt', 'Quimby', 'Quintero', 'Radcliffe', 'Rafferty', 'Ramires', 'Rasmussen',
  'Ravensworth', 'Redfield', 'Renner', 'Rinaldi', 'Roarke', 'Rourke', 'Ruiz', 'Salazar', 'Santoro', 'Sato',
  'Schuyler', 'Sedgwick', 'Serrano', 'Shepard', 'Sorensen', 'Stallworth', 'Stanek', 'Strickland',
  'Sundberg', 'Sutter', 'Szabo', 'Tafoya', 'Takahashi', 'Tanaka', 'Tate', 'Tennant', 'Thornbury', 'Thorne',
  'Toller', 'Tremblay', 'Trujillo', 'Ulrich', 'Underhill', 'Urena', 'Valdez', 'Valente', 'Vandermeer',
  'Varga', 'Vasquez', 'Vickers', 'Villanueva', 'Voss', 'Vukovic', 'Wakefield', 'Waverly', 'Westbrook',
  'Whitaker', 'Whitfield', 'Whitlock', 'Whitmore', 'Winslow', 'Wojcik', 'Yamada', 'Yancey', 'Yates',
  'Yilmaz', 'Yoon', 'Zamora', 'Zapata', 'Zeller', 'Zhou', 'Zielinski',
] as const;

export const CLUBS: readonly { name: string; city: string; region: string }[] = [
  { name: 'Iron Grip Pullers', city: 'Riverside', region: 'Metro' },
  { name: 'Harbor City Armsport', city: 'Harbor City', region: 'South' },
  { name: 'Granite Ridge Arm Club', city: 'Granite Ridge', region: 'North' },
  { name: 'Lakeview Table Crew', city: 'Lakeview', region: 'West' },
  { name: 'Stonebridge Strongarms', city: 'Stonebridge', region: 'Central' },
  { name: 'Pine Hollow Hook Club', city: 'Pine Hollow', region: 'North' },
  { name: 'Eastport Toprollers', city: 'Eastport', region: 'East' },
  { name: 'Millbrook Wrist Works', city: 'Millbrook', region: 'Central' },
  { name: 'Westhaven Pulling Team', city: 'Westhaven', region: 'West' },
  { name: 'Fairmont Forearm Society', city: 'Fairmont', region: 'South' },
  { name: 'Brookfield Barn Pullers', city: 'Brookfield', region: 'East' },
  { name: 'Metro Armwrestling Collective', city: 'Riverside', region: 'Metro' },
];

/** One series per calendar month, January first: name plus initials for the short name. */
export const TOURNAMENT_SERIES = [
  ['Frostbite Classic', 'FBC'],
  ['Harbor City Open', 'HCO'],
  ['Riverside Spring Open', 'RSO'],
  ['Granite Ridge Pull', 'GRP'],
  ['Lakeview Arm Classic', 'LAC'],
  ['Midsummer Metro Open', 'MMO'],
  ['Pine Hollow Summer Slam', 'PHS'],
  ['Stonebridge Grip Cup', 'SGC'],
  ['Eastport Harvest Open', 'EHO'],
  ['Millbrook Fall Classic', 'MFC'],
  ['Westhaven Iron Cup', 'WIC'],
  ['Metro Year-End Championship', 'MYC'],
] as const;

export const CARD_SERIES = [
  ['Iron Table Showdown', 'ITS'],
  ['Metro Pull Night', 'MPN'],
  ['Northside Supermatch Series', 'NSS'],
] as const;

// prettier-ignore
export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/**
 * An event's words: its name and whichever texts it has. events.ts gives it its date, state and pictures, and the
 * classes are the profile's.
 */
type DemoEventWords = Pick<EventDraft, 'name'> &
  Partial<
    Omit<
      EventDraft,
      | 'date'
      | 'estimated'
      | 'status'
      | 'pending_details'
      | 'images'
      | 'image_position'
      | 'men_classes'
      | 'women_classes'
    >
  >;

/** The demo events' words. */
export interface DemoEventTexts {
  /** The next tournament, in twelve days. */
  next: DemoEventWords;
  /** The featured event (id 2, the home screen's banner), with every section of its details filled in. */
  featured: DemoEventWords;
  /** Today's (id 3): the running tournament's and the practice session's. */
  tonight: DemoEventWords;
  pending: DemoEventWords;
  estimated: DemoEventWords;
  draft: DemoEventWords;
  /** Past events, latest first, as name and place: the first is the published tournament's. */
  past: readonly (readonly [name: string, location: string])[];
}

/** The words of the submissions waiting for the demo admin. */
export interface DemoSubmissionTexts {
  /** Where the upset was pulled. */
  gym: string;
  pullNight: string;
  headRef: string;
  /** A name the roster does not have: approving asks who the new athlete is. */
  newcomer: string;
  proposed: { name: string; location: string; details: string; submitter: string };
}

export interface DemoCatalogue {
  firstNames: Record<Sex, readonly string[]>;
  /** Surnames by sex, position for position (a language may give a woman another form of the same name). */
  lastNames: Record<Sex, readonly string[]>;
  clubs: readonly { name: string; city: string; region: string }[];
  /** Training nights' start and end times, and the Saturday session some clubs add. */
  training: { starts: readonly string[]; ends: readonly string[]; saturday: string };
  /** One tournament series per calendar month, January first: name plus initials for the short name. */
  tournamentSeries: readonly (readonly [name: string, initials: string])[];
  cardSeries: readonly (readonly [name: string, initials: string])[];
  events: DemoEventTexts;
  submissions: DemoSubmissionTexts;
}

/** The American state association's (the pounds demo). */
export const STATE_CATALOGUE: DemoCatalogue = {
  firstNames: { M: MALE_FIRST, F: FEMALE_FIRST },
  lastNames: { M: LAST, F: LAST },
  clubs: CLUBS,
  training: {
    starts: ['6:00pm', '6:30pm', '7:00pm'],
    ends: ['8:30pm', '9:00pm', '9:30pm'],
    saturday: 'Sat 10:00am open table',
  },
  tournamentSeries: TOURNAMENT_SERIES,
  cardSeries: CARD_SERIES,
  events: {
    next: {
      name: 'Frostbite Classic',
      schedule_start: '10:00 am',
      location: 'Granite Ridge',
      venue: 'Granite Ridge Community Center, 40 Quarry Road, Granite Ridge',
      weigh_ins: ['Friday 6:00 pm - 8:00 pm at the venue', 'Saturday 8:00 am - 9:30 am'],
      entry_fees: '$40 first hand, $20 second hand',
      spectator: '$5',
      contacts: ['Dana Holt 555-201-4477'],
    },
    featured: {
      name: 'State Armwrestling Championship',
      schedule_start: '11:00 am',
      location: 'Harbor City Convention Hall, Harbor City',
      venue: 'Harbor City Convention Hall, 200 Pier Avenue, Harbor City',
      host_hotel: 'Harborview Hotel, 18 Pier Avenue, Harbor City (ask for the armwrestling rate)',
      weigh_ins: ['Friday 5:00 pm - 9:00 pm at the Harborview Hotel', 'Saturday 8:00 am - 10:00 am at the hall'],
      masters_classes: '198, 243+ (40 and over)',
      kids_classes: 'Under 12, 12 - 15',
      notes: 'Pro and amateur divisions, left and right hand. Double elimination.',
      about:
        "The state's biggest day of pulling: every weight class, both hands, pro and amateur, with the year's titles " +
        'on the line. Athletes from every club in the state meet at the Harbor City Convention Hall for a full day ' +
        'of double-elimination brackets on competition tables, followed by the supermatch card in the evening. ' +
        'Spectators are welcome all day; the finals and the supermatches are streamed live.',
      entry_fees: '$50 first hand, $25 second hand, $10 per extra class',
      spectator: '$10, under 12 free',
      cash_prizes: '$2,000 in pro cash prizes',
      awards: 'Medals to 3rd place, title belts for pro class winners',
      benefiting: 'Harbor City Youth Athletics',
      contacts: ['Morgan Vance (organizer) 555-310-2288', 'Registration desk: (555) 310-2299'],
      link: 'https://example.org/state-championship',
      youtube_url: 'https://www.youtube.com/watch?v=AWdemoLive1',
      facebook_url: 'https://www.facebook.com/events/state-championship',
    },
    tonight: {
      name: 'Friday Night Pulls',
      schedule_start: '7:00 pm',
      location: 'Riverside',
      venue: 'Iron Grip Pullers gym, 9 Mill Street, Riverside',
      entry_fees: '$15',
      about: 'A relaxed evening of open pulling and a small bracket for beginners.',
    },
    pending: {
      name: 'Lakeview Arm Classic',
      location: 'Lakeview',
      about: 'Dates and venue are being confirmed with the city.',
    },
    estimated: { name: 'Pine Hollow Summer Slam', location: 'Pine Hollow' },
    draft: { name: 'Westhaven Iron Cup', location: 'Westhaven', notes: 'Draft: waiting for the venue contract.' },
    past: [
      ['Eastport Harvest Open', 'Eastport'],
      ['Millbrook Fall Classic', 'Millbrook'],
      ['Stonebridge Grip Cup', 'Stonebridge'],
      ['Midsummer Metro Open', 'Riverside'],
      ['Riverside Spring Open', 'Riverside'],
      ['Metro Year-End Championship', 'Riverside'],
      ['Harbor City Open', 'Harbor City'],
      ['Granite Ridge Pull', 'Granite Ridge'],
      ['Lakeview Summer Pull', 'Lakeview'],
      ['Granite Ridge Winter Open', 'Granite Ridge'],
    ],
  },
  submissions: {
    gym: 'Iron Grip Gym',
    pullNight: 'Northside Pull Night',
    headRef: 'Pat Lee',
    newcomer: 'Drew Hollis',
    proposed: {
      name: 'Harvest Pull Open',
      location: 'Fairgrounds Hall, Springfield',
      details: 'Right and left hand, pro and amateur, all men and women classes. Weigh-ins the evening before.',
      submitter: 'Alex Moreno',
    },
  },
};
