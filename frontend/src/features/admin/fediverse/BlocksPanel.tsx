import { useEffect, useState, type FormEvent } from 'react';
import { Badge, Box, Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Ban, ShieldOff } from 'lucide-react';
import { pageCount, pageRange, pageWindow } from '@mudawwana/rules';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import { useCreateBlock, useDeleteBlock, useListBlocks, type BlockDto } from '../api';
import { EmptyList } from '../components/AdminList';
import Pagination from '../components/Pagination';
import { PAGE_SIZE } from '../components/paginate';
import { ErrorState, LoadingState } from '../components/QueryState';
import { TAP } from '../components/tap';
import { notifySuccess, withToasts } from '../notify';
import { BLOCK_KIND_LABEL, blockError } from './fediverse-rules';

/** Blocked servers and accounts: the form to add one (the API decides whether it is a domain or an actor) and the list. */
export default function BlocksPanel() {
  return (
    <Stack gap="5">
      <Text color="fg.muted" fontSize="sm">
        {t.blocksIntro}
      </Text>
      <AddBlockForm />
      <BlockList />
    </Stack>
  );
}

function AddBlockForm() {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateBlock({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.blockAdded);
        setValue('');
      },
      onError: (error) => setProblem(blockError(error) ?? t.blockAddError),
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setProblem(t.blockValueRequired);
      return;
    }
    create.mutate({ data: { value: text } });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="block-form">
      <Field.Root invalid={problem !== null}>
        <Field.Label>{t.blockValue}</Field.Label>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
          <Input
            name="block"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="spam.example"
            maxLength={2000}
            flex={{ sm: '1' }}
            h={{ base: '11', md: '10' }}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
          />
          <Button type="submit" colorPalette="red" {...TAP} disabled={create.isPending} flexShrink={0}>
            <Ban size={16} aria-hidden />
            {t.blockAdd}
          </Button>
        </Stack>
        <Field.HelperText>{t.blockValueHint}</Field.HelperText>
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}

function BlockList() {
  const [page, setPage] = useState(1);
  const blocks = useListBlocks(pageWindow(page, PAGE_SIZE), { query: { placeholderData: keepPreviousData } });
  const remove = useDeleteBlock(withToasts({ done: [t.unblocked], failed: [t.unblockError] }));

  const total = blocks.data?.total ?? 0;
  const totalPages = pageCount(total, PAGE_SIZE);
  // an unblock that emptied the last page: show the new last page
  useEffect(() => {
    if (blocks.data && page > totalPages) setPage(totalPages);
  }, [blocks.data, page, totalPages]);
  const { from, to } = pageRange(page, PAGE_SIZE, total);

  if (blocks.isLoading) return <LoadingState rows={2} />;
  if (blocks.isError) return <ErrorState title={t.failedFetchBlocks} error={blocks.error} onRetry={() => void blocks.refetch()} />;
  if (total === 0) return <EmptyList icon={<ShieldOff size={40} aria-hidden />} title={t.noBlocks} />;
  return (
    <Stack gap="3">
      <Stack as="ul" gap="2" listStyleType="none" aria-label={t.blocks}>
        {(blocks.data?.items ?? []).map((block) => (
          <BlockRow key={block.id} block={block} busy={remove.isPending} onRemove={() => remove.mutate({ id: block.id })} />
        ))}
      </Stack>
      <Pagination
        page={page}
        totalPages={totalPages}
        caption={t.blocksShowing(from, to, total)}
        onPageChange={setPage}
        label={t.blocksPagination}
      />
    </Stack>
  );
}

function BlockRow({ block, busy, onRemove }: { block: BlockDto; busy: boolean; onRemove: () => void }) {
  return (
    <Card.Root as="li" variant="outline" size="sm" data-testid="block-row" data-kind={block.kind}>
      <Card.Body p={{ base: '3', md: '4' }}>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ base: 'stretch', sm: 'center' }}>
          <Stack gap="1" flex="1" minW="0">
            <HStack gap="2" align="center" minW="0">
              <Badge colorPalette={block.kind === 'domain' ? 'red' : 'orange'} flexShrink={0}>
                {BLOCK_KIND_LABEL[block.kind]}
              </Badge>
              <Box as="bdi" dir="ltr" fontWeight="600" overflowWrap="anywhere" minW="0" data-testid="block-value">
                {block.value}
              </Box>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {t.blockAddedAt(formatDate(block.createdAt))}
            </Text>
          </Stack>
          <HStack justify={{ base: 'flex-start', sm: 'flex-end' }} flexShrink={0}>
            <Button size="sm" variant="outline" {...TAP} aria-label={t.unblockOn(block.value)} disabled={busy} onClick={onRemove}>
              <ShieldOff size={16} aria-hidden />
              {t.unblock}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
