/**
 * Where the hall's TV screen of a tournament is, for a link to it (the head table's; here in common/ because a
 * screen imports no other screen): as a router link,
 * `<Link {...tvLink(id)} target="_blank">`, or as an address to open on the TV's laptop.
 */
export const tvLink = (tournamentId: number) => ({ to: '/tv', search: { tournament: tournamentId } }) as const;

export const tvAddress = (tournamentId: number) => `#/tv?tournament=${tournamentId}`;
