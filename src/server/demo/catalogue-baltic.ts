import type { DemoCatalogue } from './catalogue.ts';

/**
 * The kilogram demo's invented federation in Lithuania (DEMO_ASSOCIATION=kg): Lithuanian first names and
 * surnames, clubs in its towns and one across the border in Riga, and its own tournament series and events. No
 * real people, clubs or events; the towns are real.
 */

// prettier-ignore
const MALE_FIRST = [
  'Algirdas', 'Andrius', 'Arnas', 'Arūnas', 'Audrius', 'Aurimas', 'Benas', 'Dainius', 'Darius', 'Deividas',
  'Domantas', 'Dovydas', 'Edgaras', 'Egidijus', 'Emilis', 'Ernestas', 'Evaldas', 'Gediminas', 'Giedrius',
  'Gintaras', 'Gytis', 'Haroldas', 'Ignas', 'Jokūbas', 'Jonas', 'Julius', 'Justinas', 'Kajus', 'Karolis',
  'Kęstutis', 'Kristupas', 'Laurynas', 'Linas', 'Lukas', 'Mantas', 'Marius', 'Martynas', 'Matas', 'Mindaugas',
  'Modestas', 'Nerijus', 'Nojus', 'Osvaldas', 'Paulius', 'Povilas', 'Raimondas', 'Ramūnas', 'Ričardas', 'Rokas',
  'Rytis', 'Saulius', 'Simas', 'Šarūnas', 'Tadas', 'Tautvydas', 'Tomas', 'Ugnius', 'Vaidas', 'Valdas', 'Vilius',
  'Vytautas', 'Zigmas', 'Žilvinas', 'Žygimantas',
] as const;

// prettier-ignore
const FEMALE_FIRST = [
  'Agnė', 'Aistė', 'Akvilė', 'Aušra', 'Austėja', 'Brigita', 'Dalia', 'Deimantė', 'Dovilė', 'Eglė', 'Emilė',
  'Emilija', 'Gabija', 'Giedrė', 'Gintarė', 'Goda', 'Greta', 'Ieva', 'Indrė', 'Inga', 'Ingrida', 'Jolanta',
  'Jurgita', 'Justė', 'Karolina', 'Kotryna', 'Kristina', 'Laura', 'Liepa', 'Lina', 'Lukrecija', 'Milda', 'Miglė',
  'Monika', 'Neringa', 'Orinta', 'Paulina', 'Raminta', 'Rasa', 'Rūta', 'Sandra', 'Saulė', 'Simona', 'Skaistė',
  'Ugnė', 'Urtė', 'Vaida', 'Vaiva', 'Viktorija', 'Živilė',
] as const;

// prettier-ignore
const SURNAMES = [
  'Adomaitis', 'Aleksandravičius', 'Ambrazas', 'Bagdonas', 'Balčiūnas', 'Baranauskas', 'Barauskas', 'Bartkus',
  'Bernotas', 'Bružas', 'Budrys', 'Butkus', 'Čepulis', 'Dambrauskas', 'Dapkus', 'Daukša', 'Daunoras', 'Gailius',
  'Girdauskas', 'Grigas', 'Gudaitis', 'Jakštas', 'Jankauskas', 'Jasiūnas', 'Jonaitis', 'Jurkus', 'Juška',
  'Kairys', 'Kalvaitis', 'Kaminskas', 'Kavaliauskas', 'Kazlauskas', 'Klimas', 'Kriščiūnas', 'Kučinskas',
  'Kudirka', 'Lapinskas', 'Latvys', 'Lingys', 'Lukoševičius', 'Lukšys', 'Marcinkevičius', 'Matulevičius',
  'Mažeika', 'Meškauskas', 'Mikalauskas', 'Mockus', 'Narbutas', 'Navickas', 'Norkus', 'Ožalas', 'Paulauskas',
  'Petkus', 'Petrauskas', 'Pocius', 'Povilaitis', 'Pranckevičius', 'Radzevičius', 'Rakauskas', 'Ramanauskas',
  'Rimkevičius', 'Rimkus', 'Rudys', 'Rutkauskas', 'Sakalauskas', 'Savickas', 'Skirmantas', 'Stankevičius',
  'Stasiulis', 'Stonkus', 'Šalkauskas', 'Šimkus', 'Šukys', 'Tamošiūnas', 'Tamulis', 'Urbanavičius', 'Urbonas',
  'Vaičiulis', 'Vaitkus', 'Valaitis', 'Vasiliauskas', 'Vilkas', 'Vitkus', 'Zabiela', 'Zdanavičius', 'Žemaitis',
  'Žiemys', 'Žilinskas', 'Žukauskas',
] as const;

/**
 * A Lithuanian surname as a woman carries it: the married form (Kazlauskienė, Butkuvienė) or the maiden one
 * (Kazlauskaitė, Jonaitytė, Stankevičiūtė, Butkutė).
 */
export function womansSurname(surname: string, married: boolean): string {
  const forms: [ending: string, married: string, maiden: string][] = [
    ['ius', 'ienė', 'iūtė'],
    ['us', 'uvienė', 'utė'],
    ['as', 'ienė', 'aitė'],
    ['is', 'ienė', 'ytė'],
    ['ys', 'ienė', 'ytė'],
    ['a', 'ienė', 'aitė'],
  ];
  const form = forms.find(([ending]) => surname.endsWith(ending));
  if (!form) throw new Error(`No woman's form for the surname ${surname}.`);
  return surname.slice(0, -form[0].length) + (married ? form[1] : form[2]);
}

export const BALTIC_CATALOGUE: DemoCatalogue = {
  firstNames: { M: MALE_FIRST, F: FEMALE_FIRST },
  // Every other woman by her married name.
  lastNames: { M: SURNAMES, F: SURNAMES.map((s, i) => womansSurname(s, i % 2 === 0)) },
  clubs: [
    { name: 'Vilnius Iron Grip', city: 'Vilnius', region: 'Vilnius County' },
    { name: 'Klaipėda Harbour Armsport', city: 'Klaipėda', region: 'Klaipėda County' },
    { name: 'Kaunas Oak Arm Club', city: 'Kaunas', region: 'Kaunas County' },
    { name: 'Šiauliai Strongarms', city: 'Šiauliai', region: 'Šiauliai County' },
    { name: 'Panevėžys Toproll Club', city: 'Panevėžys', region: 'Panevėžys County' },
    { name: 'Alytus Hook Club', city: 'Alytus', region: 'Alytus County' },
    { name: 'Utena Forearm Society', city: 'Utena', region: 'Utena County' },
    { name: 'Marijampolė Wrist Works', city: 'Marijampolė', region: 'Marijampolė County' },
    { name: 'Telšiai Table Crew', city: 'Telšiai', region: 'Telšiai County' },
    { name: 'Trakai Castle Pullers', city: 'Trakai', region: 'Vilnius County' },
    { name: 'Riga Amber Armwrestling', city: 'Riga', region: 'Latvia' },
    { name: 'Vilnius Old Town Armsport', city: 'Vilnius', region: 'Vilnius County' },
  ],
  training: {
    starts: ['18:00', '18:30', '19:00'],
    ends: ['20:30', '21:00', '21:30'],
    saturday: 'Sat 10:00 open table',
  },
  tournamentSeries: [
    ['Vilnius Winter Cup', 'VWC'],
    ['Kaunas Open', 'KAO'],
    ['Klaipėda Spring Open', 'KSO'],
    ['Šiauliai Sun Pull', 'SSP'],
    ['Trakai Castle Cup', 'TCC'],
    ['Midsummer Baltic Open', 'MBO'],
    ['Amber Coast Summer Slam', 'ACS'],
    ['Panevėžys Grip Cup', 'PGC'],
    ['Alytus Harvest Open', 'AHO'],
    ['Utena Autumn Classic', 'UAC'],
    ['Marijampolė Iron Cup', 'MIC'],
    ['Lithuanian Championship', 'LTC'],
  ],
  cardSeries: [
    ['Amber Table Showdown', 'ATS'],
    ['Vilnius Pull Night', 'VPN'],
    ['Baltic Supermatch Series', 'BSS'],
  ],
  events: {
    next: {
      name: 'Vilnius Winter Cup',
      schedule_start: '10:00 am',
      location: 'Vilnius',
      venue: 'Vilnius Sports Hall, Sporto g. 4, Vilnius',
      weigh_ins: ['Friday 18:00 - 20:00 at the hall', 'Saturday 8:00 - 9:30'],
      entry_fees: '€30 first hand, €15 second hand',
      spectator: '€5',
      contacts: ['Rasa Kazlauskienė, cups@balticawf.example'],
    },
    featured: {
      name: 'Baltic Armwrestling Championship',
      schedule_start: '11:00 am',
      location: 'Nemunas Hall, Kaunas',
      venue: 'Nemunas Hall, Upės g. 12, Kaunas',
      host_hotel: 'Hotel Nemunas, Upės g. 14, Kaunas (ask for the federation rate)',
      weigh_ins: ['Friday 17:00 - 21:00 at Hotel Nemunas', 'Saturday 8:00 - 10:00 at the hall'],
      masters_classes: '70, 80, 90, 100, 100+; women 60, 70, 70+ (40 and over)',
      kids_classes: 'Under 16, 16 - 18',
      notes: 'Seniors, juniors, masters and para, left and right hand. Double elimination, WAF rules.',
      about:
        "The federation's biggest day of the year: every weight class, both hands, seniors, juniors, masters and " +
        'para, with the national titles and places on the team for the European championship on the line. Clubs ' +
        'from all over Lithuania and guests from Latvia and Estonia meet at Nemunas Hall for a full day of ' +
        'double-elimination brackets on competition tables, followed by the supermatch card in the evening. ' +
        'Spectators are welcome all day; the finals and the supermatches are streamed live.',
      entry_fees: '€35 first hand, €20 second hand, €10 per extra class',
      spectator: '€8, under 12 free',
      cash_prizes: '€3,000 in senior prize money',
      awards: 'Medals to 3rd place, cups for the best club and the best athletes',
      benefiting: 'Kaunas Youth Sports School',
      contacts: ['Morgan Vance (organizer), championship@balticawf.example', 'Registration: entries@balticawf.example'],
      link: 'https://example.org/baltic-championship',
      youtube_url: 'https://www.youtube.com/watch?v=AWdemoLive2',
      facebook_url: 'https://www.facebook.com/events/baltic-championship',
    },
    tonight: {
      name: 'Vilnius Club Night',
      schedule_start: '7:00 pm',
      location: 'Vilnius',
      venue: 'Vilnius Iron Grip gym, Malūno g. 9, Vilnius',
      entry_fees: '€10',
      about: 'A relaxed evening of open pulling and a small bracket for beginners.',
    },
    pending: {
      name: 'Trakai Castle Cup',
      location: 'Trakai',
      about: 'Dates and venue are being confirmed with the town.',
    },
    estimated: { name: 'Amber Coast Summer Slam', location: 'Palanga' },
    draft: { name: 'Marijampolė Iron Cup', location: 'Marijampolė', notes: 'Draft: waiting for the venue contract.' },
    past: [
      ['Alytus Harvest Open', 'Alytus'],
      ['Utena Autumn Classic', 'Utena'],
      ['Panevėžys Grip Cup', 'Panevėžys'],
      ['Midsummer Baltic Open', 'Vilnius'],
      ['Klaipėda Spring Open', 'Klaipėda'],
      ['Lithuanian Championship', 'Kaunas'],
      ['Kaunas Open', 'Kaunas'],
      ['Šiauliai Sun Pull', 'Šiauliai'],
      ['Amber Coast Summer Pull', 'Palanga'],
      ['Vilnius Winter Open', 'Vilnius'],
    ],
  },
  submissions: {
    gym: 'Vilnius Iron Grip gym',
    pullNight: 'Vilnius Pull Night',
    headRef: 'Darius Petkus',
    newcomer: 'Lukas Vaitkevičius',
    proposed: {
      name: 'Nemunas Harvest Pull',
      location: 'Birštonas Culture Centre, Birštonas',
      details: 'Right and left hand, seniors and amateurs, all men and women classes. Weigh-ins the evening before.',
      submitter: 'Aistė Norkutė',
    },
  },
};
