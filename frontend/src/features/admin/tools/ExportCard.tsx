import { Button, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { admin as t } from '@/i18n/admin';
import TitledCard from '../components/TitledCard';

/**
 * The whole blog as a WordPress file (WXR, GET /api/export/wxr). A plain download link: the browser sends the session
 * cookie, names the file as the server says, and writes it to disk as it arrives rather than holding it in the page.
 */
export default function ExportCard() {
  return (
    <TitledCard title={t.exportBlog} testId="export-card">
      <Stack gap="4" align="flex-start">
        <Text>{t.exportIntro}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t.exportContents}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t.exportImages}
        </Text>
        <Button asChild colorPalette="blue" w={{ base: 'full', sm: 'auto' }}>
          <a href="/api/export/wxr" download>
            <Download size={16} aria-hidden />
            {t.exportDownload}
          </a>
        </Button>
      </Stack>
    </TitledCard>
  );
}
