import { Box, Container } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { SiteFragment } from '@/page/render-context';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  return (
    <Box minH="100vh" display="flex" flexDirection="column">
      <Header />
      <Container as="main" id="main" maxW="6xl" flex="1" py={{ base: '6', md: '10' }}>
        <Outlet />
      </Container>
      <SiteFragment name="footer">
        <Footer />
      </SiteFragment>
    </Box>
  );
}
