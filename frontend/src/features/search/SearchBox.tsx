import { Box, IconButton, Input } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { t } from '@/i18n';
import { searchPath, searchText } from './search-params';

/**
 * The header's search box: a plain GET form to /search (it works before and without JavaScript); in the browser it
 * navigates inside the app instead. On the search page it shows the query being searched.
 */
export function SearchBox({ id, width }: { id: string; width?: string | Record<string, string> }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === '/search' ? searchText(params) : '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    event.preventDefault();
    navigate(q ? searchPath(q) : '/search');
  };

  return (
    <Box asChild position="relative" width={width}>
      <form role="search" action="/search" method="get" onSubmit={onSubmit} data-testid={id}>
        <Input
          // A new query from elsewhere (a link, back and forward) replaces what the box shows.
          key={current}
          id={id}
          name="q"
          type="search"
          defaultValue={current}
          maxLength={200}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          size="sm"
          bg="bg"
          paddingInlineEnd="9"
          enterKeyHint="search"
        />
        <IconButton
          type="submit"
          aria-label={t('search.submit')}
          variant="ghost"
          size="xs"
          position="absolute"
          insetInlineEnd="1"
          top="50%"
          transform="translateY(-50%)"
          zIndex="1"
        >
          <Search aria-hidden />
        </IconButton>
      </form>
    </Box>
  );
}
