import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { canonicalLanguage, languageDirection } from '@mudawwana/rules';
import { useState } from 'react';
import { admin as t } from '@/i18n/admin';
import { useGetPostById, useListPosts } from '../api';

/** Languages offered as the author types (any other BCP 47 tag is taken too), named in Arabic. */
const COMMON_LANGUAGES: readonly [tag: string, name: string][] = [
  ['ar', 'العربية'],
  ['en', 'الإنجليزية'],
  ['fr', 'الفرنسية'],
  ['es', 'الإسبانية'],
  ['de', 'الألمانية'],
  ['tr', 'التركية'],
  ['fa', 'الفارسية'],
  ['ur', 'الأردية'],
  ['ckb', 'الكردية (السورانية)'],
  ['he', 'العبرية'],
  ['id', 'الإندونيسية'],
  ['ms', 'الملايوية'],
];

/** Posts the translation picker lists for a search. */
const PICKER_SIZE = 20;

/**
 * The post's language (a BCP 47 tag, checked as typed and by the server) and the post it translates, picked by a search
 * of titles. A translation hangs from its original: the server refuses another translation, saying which to name.
 */
export default function PostLanguageFields({
  postId,
  language,
  translationOfId,
  onLanguage,
  onTranslationOf,
}: {
  postId: number | null;
  language: string;
  translationOfId: string;
  onLanguage: (language: string) => void;
  onTranslationOf: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const valid = canonicalLanguage(language) !== null;
  const chosenId = Number(translationOfId) || 0;
  const chosen = useGetPostById(chosenId, { query: { enabled: chosenId > 0 } });
  const found = useListPosts({ q: search.trim() || undefined, limit: PICKER_SIZE });
  const candidates = (found.data ?? []).filter((post) => post.id !== postId && post.id !== chosenId);

  return (
    <Stack gap="4">
      <Field.Root invalid={!valid}>
        <Field.Label htmlFor="post-language">{t.fieldLanguage}</Field.Label>
        <Input
          id="post-language"
          name="language"
          dir="ltr"
          list="post-language-options"
          autoComplete="off"
          value={language}
          onChange={(e) => onLanguage(e.target.value)}
          data-testid="post-language"
        />
        <datalist id="post-language-options">
          {COMMON_LANGUAGES.map(([tag, name]) => (
            <option key={tag} value={tag}>
              {name}
            </option>
          ))}
        </datalist>
        {valid ? (
          <Field.HelperText>
            {t.languageHint} · {languageDirection(language) === 'rtl' ? t.languageRtl : t.languageLtr}
          </Field.HelperText>
        ) : (
          <Field.ErrorText>{t.languageInvalid}</Field.ErrorText>
        )}
      </Field.Root>

      <Field.Root>
        <Field.Label htmlFor="translation-of">{t.fieldTranslationOf}</Field.Label>
        <Stack gap="2" width="full">
          <Input
            type="search"
            size="sm"
            placeholder={t.translationSearch}
            aria-label={t.translationSearch}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <NativeSelect.Root>
            <NativeSelect.Field
              id="translation-of"
              name="translationOfId"
              value={translationOfId}
              onChange={(e) => onTranslationOf(e.target.value)}
              data-testid="translation-of"
            >
              <option value="">{t.translationNone}</option>
              {chosen.data && <option value={String(chosen.data.id)}>{chosen.data.title}</option>}
              {candidates.map((post) => (
                <option key={post.id} value={String(post.id)}>
                  {post.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
      </Field.Root>
    </Stack>
  );
}
