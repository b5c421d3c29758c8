import { Paths } from '../../../lib/paths';

/**
 * The address a share link is handed out with. With PUBLIC_URL configured on the server (`/api/config`
 * `publicUrl`) it is the server's link, built from that address — what people outside reach, even when
 * this browser came in through another one (an internal host name, a tunnel). Without it the server can
 * only guess (localhost), so the link is built from the address this console was opened at.
 */
export function shareAddress(
  link: { url: string; token: string },
  publicUrl: string | null | undefined,
  opened: { origin: string; pathname: string },
): string {
  if (publicUrl !== null && publicUrl !== undefined && publicUrl !== '') return link.url;
  return `${opened.origin}${opened.pathname}#${Paths.stationShare}?token=${encodeURIComponent(link.token)}`;
}
