import type { ReactNode } from 'react';
import { HStack, Stat, Text } from '@chakra-ui/react';
import { Heart, Repeat2 } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import { useGetPostReactions } from '../api';
import TitledCard from '../components/TitledCard';

/**
 * A published post's likes and boosts from the fediverse, in the editor's side column: numbers only (the blog keeps no
 * one's identity for them, docs/decisions/031), and only here: readers' pages never show them.
 */
export default function PostFediverseReactions({ postId }: { postId: number }) {
  const reactions = useGetPostReactions(postId);
  if (reactions.isError) {
    return (
      <TitledCard title={t.postFediverse} testId="post-fediverse-reactions">
        <Text color="fg.muted" fontSize="sm">
          {t.failedFetchReactions}
        </Text>
      </TitledCard>
    );
  }
  const likes = reactions.data?.likes;
  const boosts = reactions.data?.boosts;
  return (
    <TitledCard title={t.postFediverse} testId="post-fediverse-reactions">
      <HStack gap="6" align="start">
        <Reaction icon={<Heart size={16} aria-hidden />} label={t.postLikes} value={likes} testId="post-likes" />
        <Reaction icon={<Repeat2 size={16} aria-hidden />} label={t.postBoosts} value={boosts} testId="post-boosts" />
      </HStack>
      <Text mt="3" fontSize="xs" color="fg.muted">
        {t.postFediverseHint}
      </Text>
    </TitledCard>
  );
}

function Reaction({ icon, label, value, testId }: { icon: ReactNode; label: string; value: number | undefined; testId: string }) {
  return (
    <Stat.Root size="sm">
      <Stat.Label>
        {icon}
        {label}
      </Stat.Label>
      <Stat.ValueText data-testid={testId}>{value ?? '…'}</Stat.ValueText>
    </Stat.Root>
  );
}
