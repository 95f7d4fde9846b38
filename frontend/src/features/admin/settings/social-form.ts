import { SOCIAL_PROFILE_BASE, type SocialNetwork } from '@mudawwana/rules';

/** The four networks the admin form edits (SPEC §3). */
export const FORM_NETWORKS = ['twitter', 'instagram', 'snapchat', 'linkedin'] as const satisfies readonly SocialNetwork[];
export type FormNetwork = (typeof FORM_NETWORKS)[number];
export type SocialForm = Record<FormNetwork, string>;

/** Shows a stored value as a username: a profile URL on the network's own address is reduced to the handle. */
export function toUsername(network: FormNetwork, value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return '';
  const base = SOCIAL_PROFILE_BASE[network].replace(/^https?:\/\/(www\.)?/i, '');
  const withoutScheme = trimmed.replace(/^https?:\/\/(www\.)?/i, '');
  if (withoutScheme.toLowerCase().startsWith(base.toLowerCase())) {
    return withoutScheme.slice(base.length).replace(/\/+$/, '');
  }
  return trimmed.replace(/^@/, '');
}

export function socialFormFrom(links: Partial<Record<FormNetwork, string | null>> | undefined): SocialForm {
  return {
    twitter: toUsername('twitter', links?.twitter),
    instagram: toUsername('instagram', links?.instagram),
    snapchat: toUsername('snapchat', links?.snapchat),
    linkedin: toUsername('linkedin', links?.linkedin),
  };
}

/** Body of PUT /api/social-links: the four values trimmed (empty clears the link). */
export function socialPayload(form: SocialForm): SocialForm {
  return {
    twitter: form.twitter.trim(),
    instagram: form.instagram.trim(),
    snapchat: form.snapchat.trim(),
    linkedin: form.linkedin.trim(),
  };
}
