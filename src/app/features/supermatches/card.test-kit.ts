import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';

/** A supermatch card for the unit tests: an upcoming right-hand bout, with what a test names changed. */
export function testCard(over: Partial<SupermatchCard> = {}): SupermatchCard {
  const crop = { scale: 0.9, object_position: { x: 50, y: 50 } };
  return {
    id: 'c1',
    a: 'Ann Able',
    b: 'Bea Bold',
    date: '2025-10-18',
    startTime: '18:00',
    hand: 'RH',
    weightA: '198',
    weightB: '243+',
    location: 'Millbrook',
    eventId: 2,
    eventName: 'Fall Supermatch Night',
    hue: 210,
    priority: 0,
    featured: false,
    bestOf: 5,
    leftImage: null,
    rightImage: null,
    leftCrop: crop,
    rightCrop: crop,
    aWins: null,
    bWins: null,
    ...over,
  };
}
