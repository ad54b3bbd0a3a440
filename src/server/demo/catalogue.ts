/** Invented names and places for the demo state: no real people, clubs or events. */

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
