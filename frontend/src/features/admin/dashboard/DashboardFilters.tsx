import { useSearchAsYouType } from '../components/useSearchAsYouType';
import { HStack, Input, NativeSelect } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';
import type { CategoryDto } from '../api';

interface Props {
  categories: CategoryDto[];
  category: string;
  onSearch: (text: string) => void;
  onCategory: (slug: string) => void;
}

/** Search by title and a category filter, both answered by the server (the dashboard of a blog of thousands). */
export default function DashboardFilters({ categories, category, onSearch, onCategory }: Props) {
  const [text, setText] = useSearchAsYouType(onSearch);
  return (
    <HStack gap="3" wrap="wrap" pt="4">
      <Input
        type="search"
        name="q"
        maxLength={200}
        flex="1 1 16rem"
        placeholder={t.searchPosts}
        aria-label={t.searchPosts}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <NativeSelect.Root flex="0 1 14rem">
        <NativeSelect.Field aria-label={t.filterCategory} name="category" value={category} onChange={(e) => onCategory(e.target.value)}>
          <option value="">{t.allCategories}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
