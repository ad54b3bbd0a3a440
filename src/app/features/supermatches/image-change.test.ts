import { describe, expect, it } from 'vitest';
import { applyImageChange } from './image-change.ts';
import { testCard } from './card.test-kit.ts';

const card = (id: string, a: string, b: string) => testCard({ id, a, b });

describe('image change in the cached cards', () => {
  const cards = [card('c1', 'Ann', 'Bea'), card('c2', 'Cy', 'Ann'), card('c3', 'Dee', 'Eve')];

  it('puts a left picture on the cards where the athlete is A', () => {
    const next = applyImageChange(cards, { name: 'ann', side: 'left', url: '/uploads/athletes/ann-left.webp' });
    expect(next[0]!.leftImage).toBe('/uploads/athletes/ann-left.webp');
    expect(next[1]!.rightImage).toBeNull();
    expect(next[2]).toBe(cards[2]);
  });

  it('puts a right crop on the cards where the athlete is B, keeping the picture', () => {
    const zoom = { scale: 2, object_position: { x: 10, y: 80 } };
    const next = applyImageChange(cards, { name: 'Ann', side: 'right', crop: zoom });
    expect(next[1]!.rightCrop).toEqual(zoom);
    expect(next[1]!.rightImage).toBeNull();
    expect(next[0]).toBe(cards[0]);
  });
});
