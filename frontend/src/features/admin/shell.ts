/** The app shell's toaster and auth hook (owned by the public side), as the admin screens use them. */
export { toaster } from '@/components/ui/toaster';
export { sessionEndedByLogout, useAuth } from '@/features/auth/useAuth';
