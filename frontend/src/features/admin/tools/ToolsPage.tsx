import { Stack } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';
import AdminPage from '../components/AdminPage';
import ExportCard from './ExportCard';
import ImportCard from './ImportCard';

/** /admin/tools (الاستيراد والتصدير): moving the blog between platforms, one card per way. */
export default function ToolsPage() {
  return (
    <AdminPage title={t.tools} backTo="/admin" maxW="3xl">
      <Stack gap="6">
        <ImportCard />
        <ExportCard />
      </Stack>
    </AdminPage>
  );
}
