/** Placeholder so the public build passes; the admin side replaces this file with the admin routes. */
export default function AdminRoutes() {
  return null;
}
