/** Medal rank colours: 1 gold, 2 silver, otherwise bronze. Free of zod: the app uses it. */
export function medalColour(place: number): 'gold' | 'silver' | 'bronze' {
  return place === 1 ? 'gold' : place === 2 ? 'silver' : 'bronze';
}
