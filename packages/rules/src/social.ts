/** Social link values may be a full URL or just a handle (SPEC §3). */

export const SOCIAL_NETWORKS = ['twitter', 'facebook', 'instagram', 'snapchat', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_PROFILE_BASE: Record<SocialNetwork, string> = {
  twitter: 'https://twitter.com/',
  facebook: 'https://facebook.com/',
  instagram: 'https://instagram.com/',
  snapchat: 'https://snapchat.com/add/',
  linkedin: 'https://linkedin.com/in/',
  youtube: 'https://youtube.com/@',
};

/** A value starting with http is a full URL; otherwise it is a handle on the network's profile address. */
export function socialLinkUrl(network: SocialNetwork, value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return SOCIAL_PROFILE_BASE[network] + trimmed.replace(/^@/, '');
}
