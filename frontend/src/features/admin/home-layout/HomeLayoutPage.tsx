import type { ReactNode } from 'react';
import { Accordion, Badge, Box, Button, Field, Grid, HStack, Input, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';
import { useGetHomeLayout, useUpdateHomeLayout } from '../api';
import { saveFormMutation, useSavedForm } from '../components/useSavedForm';
import AdminPage from '../components/AdminPage';
import { SaveRow } from '../components/SaveButton';
import { ErrorState, LoadingState } from '../components/QueryState';
import TitledCard from '../components/TitledCard';
import {
  CATEGORIES_CHOICES,
  DEFAULT_PICKER_COLOR,
  LATEST_POSTS_CHOICES,
  layoutFormFrom,
  layoutPayload,
  layoutsDiffer,
  POSTS_PER_CATEGORY_CHOICES,
  type LayoutForm,
} from './layout-form';

type ShowKey = 'showHero' | 'showFeaturedPost' | 'showLatestPosts' | 'showCategories' | 'showNewsletter';

const SECTIONS: { key: ShowKey; value: string; label: string }[] = [
  { key: 'showHero', value: 'hero', label: t.sectionHero },
  { key: 'showFeaturedPost', value: 'featured', label: t.sectionFeatured },
  { key: 'showLatestPosts', value: 'latest', label: t.sectionLatest },
  { key: 'showCategories', value: 'categories', label: t.sectionCategories },
  { key: 'showNewsletter', value: 'newsletter', label: t.sectionNewsletter },
];

function CountSelect({
  label,
  value,
  choices,
  onChange,
  name,
}: {
  label: string;
  value: number;
  choices: readonly number[];
  onChange: (n: number) => void;
  name: string;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root maxW="40">
        <NativeSelect.Field name={name} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
          {choices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function PreviewBlock({ shown, label, children, testId }: { shown: boolean; label: string; children?: ReactNode; testId: string }) {
  return (
    <Box
      borderWidth="1px"
      borderStyle={shown ? 'solid' : 'dashed'}
      borderRadius="md"
      p="3"
      // switched off: dashed, muted and struck through, but still legible (no opacity: WCAG contrast)
      bg={shown ? undefined : 'bg.subtle'}
      color={shown ? undefined : 'fg.muted'}
      data-testid={testId}
      data-shown={shown}
    >
      <HStack justify="space-between" mb={shown && children ? '2' : '0'}>
        <Text fontSize="sm" fontWeight="bold" textDecoration={shown ? undefined : 'line-through'}>
          {label}
        </Text>
        {!shown ? <Badge size="sm">{t.hidden}</Badge> : null}
      </HStack>
      {shown ? children : null}
    </Box>
  );
}

function StructurePreview({ form }: { form: LayoutForm }) {
  const cells = (n: number, cols: number, h: string) => (
    <Grid templateColumns={`repeat(${Math.min(n, cols)}, 1fr)`} gap="1">
      {Array.from({ length: n }, (_, i) => (
        <Box key={i} h={h} bg="bg.emphasized" borderRadius="sm" />
      ))}
    </Grid>
  );
  return (
    <TitledCard title={t.structurePreview} testId="structure-preview" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
      <Stack gap="2">
        <PreviewBlock shown={form.showHero} label={t.sectionHero} testId="preview-hero">
          <Box
            borderRadius="sm"
            p="3"
            color="white"
            style={{ background: form.heroBgColor || 'linear-gradient(135deg, #1e3a8a, #2563eb 50%, #7c3aed)' }}
          >
            <Text fontWeight="bold" fontSize="sm">
              {form.heroTitle || 'مرحبًا بك في مدوّنتي التقنية'}
            </Text>
            <Text fontSize="xs">{form.heroSubtitle || 'مقالات عن البرمجة والتقنية'}</Text>
          </Box>
        </PreviewBlock>
        <PreviewBlock shown={form.showFeaturedPost} label={t.sectionFeatured} testId="preview-featured">
          <Box h="10" bg="bg.emphasized" borderRadius="sm" />
        </PreviewBlock>
        <PreviewBlock shown={form.showLatestPosts} label={`${t.sectionLatest} (${form.latestPostsCount})`} testId="preview-latest">
          {cells(form.latestPostsCount, 3, '6')}
        </PreviewBlock>
        <PreviewBlock shown={form.showCategories} label={`${t.sectionCategories} (${form.categoriesCount})`} testId="preview-categories">
          {cells(form.categoriesCount, 4, '4')}
        </PreviewBlock>
        <PreviewBlock shown={form.showNewsletter} label={t.sectionNewsletter} testId="preview-newsletter">
          <Box h="6" bg="bg.emphasized" borderRadius="sm" />
        </PreviewBlock>
      </Stack>
    </TitledCard>
  );
}

export default function HomeLayoutPage() {
  const layout = useGetHomeLayout();
  const { form, setForm, baseline, saved } = useSavedForm(layout.data, layoutFormFrom);

  const update = useUpdateHomeLayout(saveFormMutation(saved, { savedBody: t.homeLayoutUpdatedBody, failedBody: t.homeLayoutUpdateError }));

  const set = <K extends keyof LayoutForm>(key: K, value: LayoutForm[K]) => setForm((prev) => (prev ? { ...prev, [key]: value } : prev));
  const changed = !!form && !!baseline && layoutsDiffer(form, baseline);

  return (
    <AdminPage title={t.homeLayout} backTo="/admin">
      {layout.isLoading || (!form && !layout.isError) ? (
        <LoadingState />
      ) : layout.isError || !form ? (
        <ErrorState title={t.failedFetchHomeLayout} error={layout.error} onRetry={() => void layout.refetch()} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (changed) update.mutate({ data: layoutPayload(form) });
          }}
        >
          <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 340px' }} gap="6" alignItems="start">
            <Stack gap="4">
              <Accordion.Root multiple defaultValue={['hero']} variant="enclosed">
                {SECTIONS.map((section) => (
                  <Accordion.Item key={section.value} value={section.value}>
                    <Accordion.ItemTrigger>
                      <HStack flex="1" justify="space-between">
                        <Text fontWeight="semibold">{section.label}</Text>
                        {!form[section.key] ? <Badge size="sm">{t.hidden}</Badge> : null}
                      </HStack>
                      <Accordion.ItemIndicator />
                    </Accordion.ItemTrigger>
                    <Accordion.ItemContent>
                      <Accordion.ItemBody>
                        <Stack gap="4">
                          <Switch.Root
                            colorPalette="blue"
                            checked={form[section.key]}
                            onCheckedChange={(e) => set(section.key, e.checked)}
                            name={section.key}
                          >
                            <Switch.HiddenInput />
                            <Switch.Control>
                              <Switch.Thumb />
                            </Switch.Control>
                            <Switch.Label>
                              {t.show}: {section.label}
                            </Switch.Label>
                          </Switch.Root>
                          {section.value === 'hero' ? (
                            <>
                              <Field.Root>
                                <Field.Label>{t.heroTitle}</Field.Label>
                                <Input name="heroTitle" value={form.heroTitle} onChange={(e) => set('heroTitle', e.target.value)} />
                              </Field.Root>
                              <Field.Root>
                                <Field.Label>{t.heroSubtitle}</Field.Label>
                                <Input
                                  name="heroSubtitle"
                                  value={form.heroSubtitle}
                                  onChange={(e) => set('heroSubtitle', e.target.value)}
                                />
                              </Field.Root>
                              <Field.Root>
                                <Field.Label>{t.heroBgColor}</Field.Label>
                                <HStack>
                                  <input
                                    type="color"
                                    name="heroBgColor"
                                    aria-label={t.heroBgColor}
                                    value={form.heroBgColor || DEFAULT_PICKER_COLOR}
                                    onChange={(e) => set('heroBgColor', e.target.value)}
                                    style={{ width: 48, height: 32, border: 'none', background: 'none', cursor: 'pointer' }}
                                  />
                                  <Text fontFamily="mono" fontSize="sm" dir="ltr">
                                    {form.heroBgColor || '—'}
                                  </Text>
                                  <Button size="xs" variant="outline" onClick={() => set('heroBgColor', '')} disabled={!form.heroBgColor}>
                                    {t.resetColor}
                                  </Button>
                                </HStack>
                              </Field.Root>
                            </>
                          ) : null}
                          {section.value === 'latest' ? (
                            <CountSelect
                              name="latestPostsCount"
                              label={t.latestPostsCount}
                              value={form.latestPostsCount}
                              choices={LATEST_POSTS_CHOICES}
                              onChange={(n) => set('latestPostsCount', n)}
                            />
                          ) : null}
                          {section.value === 'categories' ? (
                            <>
                              <CountSelect
                                name="categoriesCount"
                                label={t.categoriesCount}
                                value={form.categoriesCount}
                                choices={CATEGORIES_CHOICES}
                                onChange={(n) => set('categoriesCount', n)}
                              />
                              <CountSelect
                                name="postsPerCategory"
                                label={t.postsPerCategory}
                                value={form.postsPerCategory}
                                choices={POSTS_PER_CATEGORY_CHOICES}
                                onChange={(n) => set('postsPerCategory', n)}
                              />
                            </>
                          ) : null}
                        </Stack>
                      </Accordion.ItemBody>
                    </Accordion.ItemContent>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
              <SaveRow changed={changed} pending={update.isPending} />
            </Stack>
            <StructurePreview form={form} />
          </Grid>
        </form>
      )}
    </AdminPage>
  );
}
