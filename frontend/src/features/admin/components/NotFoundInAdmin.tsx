import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { admin as t } from '@/i18n/admin';

export default function NotFoundInAdmin() {
  return (
    <Stack align="center" py="20" gap="4" textAlign="center">
      <Heading as="h1">404 Page not found</Heading>
      <Text>Sorry, the page you visited does not exist.</Text>
      <Button asChild>
        <Link to="/admin">{t.controlPanel}</Link>
      </Button>
    </Stack>
  );
}
