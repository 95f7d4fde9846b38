import { Box, Button, chakra } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { t } from '@/i18n';
import { headerCategories } from '@/lib/header-categories';

/**
 * The header's Categories dropdown (SPEC §1): closes on outside click and Escape; Enter/Space toggle it;
 * ArrowDown moves into the list (and through it), ArrowUp back, Home/End to the ends.
 */
export function CategoriesDropdown() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { pathname } = useLocation();
  const items = headerCategories();
  const active = pathname.startsWith('/category/');

  const focusItem = useCallback((index: number) => {
    const links = rootRef.current?.querySelectorAll<HTMLAnchorElement>('[data-dropdown-item]');
    if (!links || links.length === 0) return;
    links[(index + links.length) % links.length]?.focus();
  }, []);

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
    };
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setOpen((value) => !value);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const links = Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('[data-dropdown-item]') ?? []);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) buttonRef.current?.focus();
      else focusItem(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(links.length - 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <Box ref={rootRef} position="relative" data-testid="categories-dropdown">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        onClick={(event) => {
          // Keyboard activation is handled in onKeyDown; detail 0 means a synthetic (keyboard) click.
          if (event.detail !== 0) setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
        color={active ? 'brand.fg' : undefined}
        bg={active ? 'brand.subtle' : undefined}
        fontWeight={active ? 'bold' : 'medium'}
        data-testid="categories-button"
      >
        {t('nav.categories')}
        <ChevronDown aria-hidden style={{ transition: 'transform .2s', transform: open ? 'rotate(180deg)' : undefined }} />
      </Button>
      <chakra.ul
        id={listId}
        display={open ? 'block' : 'none'}
        listStyleType="none"
        position="absolute"
        insetInlineStart="0"
        top="100%"
        mt="1"
        minW="52"
        py="1"
        bg="card"
        borderWidth="1px"
        borderColor="border"
        rounded="md"
        shadow="lg"
        zIndex="dropdown"
        onKeyDown={onListKeyDown}
        data-testid="categories-list"
      >
        {items.map((item) => (
          <li key={item.slug}>
            <chakra.a
              asChild
              display="block"
              px="4"
              py="2"
              fontSize="sm"
              _hover={{ bg: 'bg.muted' }}
              _focusVisible={{ bg: 'bg.muted', outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' }}
              aria-current={pathname === item.href ? 'page' : undefined}
              fontWeight={pathname === item.href ? 'bold' : undefined}
              color={pathname === item.href ? 'brand.fg' : undefined}
            >
              <Link to={item.href} data-dropdown-item="" onClick={() => setOpen(false)}>
                {item.name}
              </Link>
            </chakra.a>
          </li>
        ))}
      </chakra.ul>
    </Box>
  );
}
