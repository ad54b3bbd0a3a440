/**
 * The YouTube video a link names: watch?v=, youtu.be/, /live/, /embed/ and
 * /shorts/ links. Null for anything else (a channel page has no one video).
 */
const ID = /^[A-Za-z0-9_-]{11}$/;

export function youtubeVideoId(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.searchParams.get('v');
    if (!id) {
      const m = /^\/(live|embed|shorts)\/([^/?#]+)/.exec(url.pathname);
      id = m?.[2];
    }
  }
  return id && ID.test(id) ? id : null;
}

/** The privacy-enhanced player the popup embeds (the CSP's frame-src allows this origin). */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export function youtubeEmbedUrl(id: string): string {
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${id}?rel=0`;
}

/** The video service's live details (a type only: its schema is in answers/). */
