import { Box, Button, Container, HStack, IconButton, Stack } from '@chakra-ui/react';
import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/features/auth/useAuth';
import { SearchBox } from '@/features/search/SearchBox';
import { t } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { headerCategories } from '@/lib/header-categories';
import { CategoriesDropdown } from './CategoriesDropdown';
import { Logo } from './Logo';
import { NavItem } from './NavItem';
import { ThemeToggle } from './ThemeToggle';

function useLogoutAction() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
      toaster.create({ type: 'success', title: t('auth.logoutSuccess') });
      navigate('/');
    } catch (error) {
      toaster.create({ type: 'error', title: t('auth.logoutFailed'), description: errorMessage(error) });
    }
  };
}

/**
 * Logo and name, About, Categories, Admin, search box, theme toggle, Logout when signed in; a hamburger menu on small
 * screens, with the search box at its top (SPEC §1, issue 13).
 */
export function Header() {
  const { user } = useAuth();
  const onLogout = useLogoutAction();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/90"
      backdropFilter="blur(8px)"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Container maxW="6xl" display="flex" alignItems="center" h="16" gap="4">
        <Logo />
        <HStack as="nav" aria-label={t('nav.main')} gap="1" hideBelow="md" ms="4">
          <NavItem to="/about">{t('nav.about')}</NavItem>
          <CategoriesDropdown />
          <NavItem to="/admin">{t('nav.admin')}</NavItem>
        </HStack>
        <HStack ms="auto" gap="1">
          <Box hideBelow="md" me="2">
            <SearchBox id="header-search" width={{ md: '12rem', lg: '16rem' }} />
          </Box>
          <ThemeToggle />
          {user && (
            <Button variant="outline" size="sm" onClick={onLogout} hideBelow="md" data-testid="logout-button">
              <LogOut aria-hidden style={{ transform: 'scaleX(-1)' }} />
              {t('nav.logout')}
            </Button>
          )}
          <IconButton
            hideFrom="md"
            variant="ghost"
            size="sm"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.menu')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
            data-testid="menu-button"
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </IconButton>
        </HStack>
      </Container>
      {menuOpen && (
        <Box id="mobile-menu" hideFrom="md" borderTopWidth="1px" borderColor="border" bg="bg" data-testid="mobile-menu">
          <Container maxW="6xl" py="2">
            <Box py="2">
              <SearchBox id="menu-search" />
            </Box>
            <Stack as="nav" aria-label={t('nav.main')} gap="0">
              <NavItem to="/about" block>
                {t('nav.about')}
              </NavItem>
              <Box px="3" pt="3" pb="1" fontSize="xs" color="fg.muted" fontWeight="bold">
                {t('nav.categories')}
              </Box>
              {headerCategories().map((category) => (
                <Box key={category.slug} ps="4">
                  <NavItem to={category.href} block>
                    {category.name}
                  </NavItem>
                </Box>
              ))}
              <NavItem to="/admin" block>
                {t('nav.admin')}
              </NavItem>
              {user && (
                <Button variant="outline" size="sm" mt="2" onClick={onLogout}>
                  {t('nav.logout')}
                </Button>
              )}
            </Stack>
          </Container>
        </Box>
      )}
    </Box>
  );
}
