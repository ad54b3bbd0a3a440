// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  emptyLocalProfile,
  LOCAL_PROFILE_KEY,
  migrateLocalProfile,
  readLocalProfile,
  saveLocalProfile,
  updateLocalProfile,
} from './local-profile.ts';

beforeEach(() => localStorage.clear());

describe('local profile migration', () => {
  it('reads an older boolean public flag on a link as public (true) or private (false)', () => {
    const p = migrateLocalProfile({
      profile_name: 'Jordan Reyes',
      phone: '5551234567',
      links: {
        facebook: { url: 'https://facebook.com/jr', public: true },
        instagram: { url: 'https://instagram.com/jr', public: false },
        x: { url: 'https://x.com/jr' },
        youtube: { url: 'https://youtube.com/@jr', visibility: 'organizers', public: false },
      },
    });
    expect(p.links).toEqual({
      facebook: { url: 'https://facebook.com/jr', visibility: 'public' },
      instagram: { url: 'https://instagram.com/jr', visibility: 'private' },
      x: { url: 'https://x.com/jr', visibility: 'public' }, // no flag: the link default
      youtube: { url: 'https://youtube.com/@jr', visibility: 'organizers' }, // the newer value wins
    });
    expect(p.profile_name).toBe('Jordan Reyes');
    expect(p.phone).toBe('5551234567');
    expect(p.phone_visibility).toBe('private');
    expect(p.verified).toBe(false);
  });

  it('reads the phone flag, bare link addresses and a twitter key the same way', () => {
    const p = migrateLocalProfile({
      phone_public: true,
      links: { twitter: { url: 'https://twitter.com/jr', public: false }, facebook: 'https://fb.com/jr' },
    });
    expect(p.phone_visibility).toBe('public');
    expect(p.links.x).toEqual({ url: 'https://twitter.com/jr', visibility: 'private' });
    expect(p.links.facebook).toEqual({ url: 'https://fb.com/jr', visibility: 'public' });
  });

  it('turns garbage into an empty profile and drops unknown visibility values', () => {
    for (const junk of [null, 42, 'text', [], { links: 'no' }])
      expect(migrateLocalProfile(junk)).toEqual(emptyLocalProfile());
    expect(
      migrateLocalProfile({ phone_visibility: 'everyone', links: { x: { url: 7, visibility: 'friends' } } }),
    ).toEqual(emptyLocalProfile());
  });
});

describe('local profile storage', () => {
  it('is one storage key, read back migrated, owned by the account that saved it', () => {
    localStorage.setItem(
      LOCAL_PROFILE_KEY,
      JSON.stringify({ phone: '5551234567', links: { facebook: { url: 'https://fb.com/a', public: false } } }),
    );
    // An older record has no owner: the first account takes it.
    const mine = readLocalProfile('me');
    expect(mine.links.facebook.visibility).toBe('private');
    expect(saveLocalProfile('me', { ...mine, phone: '5559876543' })).toBe(true);
    expect(Object.keys(localStorage)).toEqual([LOCAL_PROFILE_KEY]);
    const stored = JSON.parse(localStorage.getItem(LOCAL_PROFILE_KEY)!) as Record<string, unknown>;
    expect(stored).toMatchObject({
      account: 'me',
      phone: '5559876543',
      links: { facebook: { visibility: 'private' } },
    });
    expect(stored.links).not.toHaveProperty('facebook.public');

    // Someone else on this device sees nothing of it.
    expect(readLocalProfile('someone-else')).toEqual({ ...emptyLocalProfile(), account: 'someone-else' });
    expect(readLocalProfile('me').phone).toBe('5559876543');
  });

  it('updates single fields and keeps the rest', () => {
    saveLocalProfile('me', { ...emptyLocalProfile(), phone: '5551234567' });
    updateLocalProfile('me', { profile_name: 'Jordan Reyes', verified: true });
    expect(readLocalProfile('me')).toMatchObject({ phone: '5551234567', profile_name: 'Jordan Reyes', verified: true });
  });
});
