import { IconButton } from '@chakra-ui/react';
import { Moon, Sun } from 'lucide-react';
import { t } from '@/i18n';

export const THEME_STORAGE_KEY = 'darkMode';

/** Flips the `dark` and `light` classes on <html> and stores the choice as "true"/"false" under `darkMode`. */
export function toggleTheme(): boolean {
  const root = document.documentElement;
  const dark = !root.classList.contains('dark');
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  try {
    localStorage.setItem(THEME_STORAGE_KEY, String(dark));
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
  return dark;
}

/**
 * Both icons are rendered and CSS shows the right one, so the server HTML (which cannot know the theme)
 * and the first client render are identical.
 */
export function ThemeToggle() {
  return (
    <IconButton
      aria-label={t('theme.toggle')}
      title={t('theme.toggle')}
      variant="ghost"
      size="sm"
      onClick={() => toggleTheme()}
      data-testid="theme-toggle"
    >
      <Moon aria-hidden className="icon-when-light" />
      <Sun aria-hidden className="icon-when-dark" />
    </IconButton>
  );
}
