import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

/** A header link; the active one is highlighted (SPEC §1) and marked aria-current="page". */
export function NavItem({ to, children, onClick, block }: { to: string; children: ReactNode; onClick?: () => void; block?: boolean }) {
  return (
    <chakra.a
      asChild
      display={block ? 'block' : 'inline-flex'}
      alignItems="center"
      px="3"
      py={block ? '3' : '1.5'}
      rounded="md"
      fontSize="sm"
      fontWeight="medium"
      _hover={{ bg: 'bg.muted' }}
      css={{ '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle', fontWeight: 'bold' } }}
    >
      <NavLink to={to} end={to === '/'} onClick={onClick}>
        {children}
      </NavLink>
    </chakra.a>
  );
}
