import { HStack, IconButton } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { SOCIAL_NETWORKS, socialLinkUrl, type SocialNetwork } from '@mudawwana/rules';
import { t } from '@/i18n';
import { FacebookIcon, InstagramIcon, LinkedinIcon, SnapchatIcon, XIcon, YoutubeIcon } from './brand-icons';

const ICONS: Record<SocialNetwork, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  twitter: XIcon,
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  snapchat: SnapchatIcon,
  linkedin: LinkedinIcon,
  youtube: YoutubeIcon,
};

export type SocialLinksValue = Partial<Record<SocialNetwork, string | null>>;

/** Icon links for every social network that has a value (a full URL or a handle, SPEC §3). */
export function SocialIcons({ links }: { links: SocialLinksValue | undefined }) {
  const items = SOCIAL_NETWORKS.flatMap((network) => {
    const href = socialLinkUrl(network, links?.[network]);
    return href ? [{ network, href }] : [];
  });
  return (
    <HStack gap="1" data-testid="social-icons">
      {items.map(({ network, href }) => {
        const Icon = ICONS[network];
        return (
          <IconButton key={network} asChild variant="ghost" size="sm" rounded="full" aria-label={t(`social.${network}`)}>
            <a href={href} target="_blank" rel="noopener noreferrer me">
              <Icon aria-hidden />
            </a>
          </IconButton>
        );
      })}
    </HStack>
  );
}
