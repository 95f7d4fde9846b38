import { Route, Routes } from 'react-router-dom';
import ProtectedRoute from './ProtectedRoute';
import DashboardPage from './dashboard/DashboardPage';
import PostEditorPage from './posts/PostEditorPage';
import CategoriesPage from './categories/CategoriesPage';
import TagsPage from './tags/TagsPage';
import PagesListPage from './pages/PagesListPage';
import PageEditorPage from './pages/PageEditorPage';
import SettingsPage from './settings/SettingsPage';
import HomeLayoutPage from './home-layout/HomeLayoutPage';
import ProfilePage from './profile/ProfilePage';
import SubscribersPage from './newsletter/SubscribersPage';
import CommentsPage from './comments/CommentsPage';
import RedirectsPage from './redirects/RedirectsPage';
import FediversePage from './fediverse/FediversePage';
import ToolsPage from './tools/ToolsPage';
import NotFoundInAdmin from './components/NotFoundInAdmin';

/** Every /admin route (mounted lazily by the app router at /admin/*), all behind the session check. */
export default function AdminRoutes() {
  return (
    <ProtectedRoute>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="edit" element={<PostEditorPage />} />
        <Route path="edit/:id" element={<PostEditorPage />} />
        <Route path="categories" element={<CategoriesPage />} />
        <Route path="tags" element={<TagsPage />} />
        <Route path="pages" element={<PagesListPage />} />
        <Route path="page/new" element={<PageEditorPage />} />
        <Route path="page/edit/:id" element={<PageEditorPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="home-layout" element={<HomeLayoutPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="subscribers" element={<SubscribersPage />} />
        <Route path="comments" element={<CommentsPage />} />
        <Route path="redirects" element={<RedirectsPage />} />
        <Route path="fediverse" element={<FediversePage />} />
        <Route path="tools" element={<ToolsPage />} />
        <Route path="*" element={<NotFoundInAdmin />} />
      </Routes>
    </ProtectedRoute>
  );
}
