import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type AssociationSettings } from '../../shared/association.ts';
import { RESULTS_CSV_COLUMNS } from '../../shared/results-csv.ts';
import { writeSettings } from '../association/store.ts';
import { openDatabase, type Db } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations.ts';
import { exportResultsCsv } from './export-csv.ts';
import { importResultsCsv } from './import-csv.ts';

const KG: AssociationSettings = {
  ...DEFAULT_SETTINGS,
  units: 'kg',
  classes: { M: ['70', '80', '90', '90+'], F: ['55', '65', '65+'] },
  talent_categories: [],
};

const open: Db[] = [];
afterEach(() => open.splice(0).forEach((db) => db.close()));
function database(settings: AssociationSettings): Db {
  const db = openDatabase(':memory:');
  open.push(db);
  migrate(db, migrations);
  writeSettings(db, settings, 'test');
  return db;
}

const importInto = (db: Db, text: string) => {
  const r = importResultsCsv(db, text, { today: '2025-06-30' });
  expect(r.ok ? [] : r.errors).toEqual([]);
};
/** The weight cell of each athlete's row that carries one. */
const weightCells = (text: string) => {
  const [header, ...rows] = Papa.parse<string[]>(text.trim()).data;
  const at = (c: string) => header!.indexOf(c);
  const weighed = rows.filter((r) => r[at('weight')]);
  return Object.fromEntries(weighed.map((r): [string, string] => [r[at('athlete')]!, r[at('weight')]!]));
};
const ratings = (db: Db) =>
  db
    .prepare(
      `SELECT a.name, r.hand, r.mu, r.sigma FROM ratings r JOIN athletes a ON a.id = r.athlete_id ORDER BY a.name, r.hand`,
    )
    .all();

const KG_FILE = [
  'type,date,event,hand,athlete,athlete_b,sex,division,weight_class,place,weight,a_wins,b_wins,best_of',
  'placement,2024-05-18,Baltic Cup,RH,Ann Berg,,M,pro,80,1,79.4,,,',
  'placement,2024-05-18,Baltic Cup,RH,Bo Lind,,M,pro,80,2,78,,,',
  'placement,2024-05-18,Baltic Cup,RH,Dita Ozola,,F,am,55,1,54.5,,,',
  'supermatch,2024-06-01,,RH,Ann Berg,Bo Lind,M,,,,,3,1,5',
].join('\n');

describe('exportResultsCsv in a kilogram association', () => {
  it('writes the import columns with weights in kg, converting one entered in pounds, and imports back the same', () => {
    const source = database(KG);
    importInto(source, KG_FILE);
    // A weight entered in pounds elsewhere: 176.4 lbs is 80.0 kg.
    source.prepare("UPDATE athletes SET weight = 176.4, weight_unit = 'lbs' WHERE name = 'Bo Lind'").run();

    const text = exportResultsCsv(source);
    expect(Papa.parse<string[]>(text).data[0]).toEqual([...RESULTS_CSV_COLUMNS]);
    expect(weightCells(text)).toEqual({ 'Ann Berg': '79.4', 'Bo Lind': '80', 'Dita Ozola': '54.5' });

    const copy = database(KG);
    importInto(copy, text);
    expect(copy.prepare('SELECT name, weight, weight_unit FROM athletes ORDER BY name').all()).toEqual([
      { name: 'Ann Berg', weight: 79.4, weight_unit: 'kg' },
      { name: 'Bo Lind', weight: 80, weight_unit: 'kg' },
      { name: 'Dita Ozola', weight: 54.5, weight_unit: 'kg' },
    ]);
    expect(ratings(copy)).toEqual(ratings(source));
    expect(exportResultsCsv(copy)).toBe(text);
  });

  it('writes the weights in pounds once the association weighs in pounds, converted from the kg entered', () => {
    const db = database(KG);
    importInto(db, KG_FILE);
    writeSettings(db, DEFAULT_SETTINGS, 'test');
    expect(weightCells(exportResultsCsv(db))).toEqual({ 'Ann Berg': '175', 'Bo Lind': '172', 'Dita Ozola': '120.2' });
  });
});
