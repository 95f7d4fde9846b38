import { SOCIAL_NETWORKS, SocialNetwork } from '@mudawwana/rules';

export enum SettingKey {
  SocialLinks = 'socialLinks',
  HomeLayout = 'homeLayout',
  Comments = 'comments',
  DateDisplay = 'dateDisplay',
  Federation = 'federation',
}

export type SocialLinks = Record<SocialNetwork, string | null>;

export const DEFAULT_SOCIAL_LINKS: SocialLinks = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, null])) as SocialLinks;
