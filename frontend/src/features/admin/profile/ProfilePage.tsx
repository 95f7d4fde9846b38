import { useEffect, useState } from 'react';
import { Avatar, Card, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { admin as t } from '@/i18n/admin';
import { initials } from '@/lib/initials';
import { useGetUser, useUpdateUser } from '../api';
import AdminPage from '../components/AdminPage';
import { SaveRow } from '../components/SaveButton';
import { ErrorState, LoadingState } from '../components/QueryState';
import RequiredTextField from '../components/RequiredTextField';
import { notifyError, withToasts } from '../notify';
import { useAuth } from '../shell';
import ApiTokensCard from './ApiTokensCard';
import { validateProfile } from './profile-rules';

export default function ProfilePage() {
  const { user: sessionUser } = useAuth();
  const userId = sessionUser?.id ?? 0;
  const user = useGetUser(userId, { query: { enabled: userId > 0 } });
  const [name, setName] = useState('');
  const [bio, setBio] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (user.data && !loaded) {
      setName(user.data.name);
      setBio(user.data.bio ?? '');
      setLoaded(true);
    }
  }, [user.data, loaded]);

  const update = useUpdateUser(
    withToasts({
      done: [t.updatedTitle, t.profileUpdatedBody],
      failed: [t.errorTitle, t.profileUpdateError],
      after: (saved) => {
        setName(saved.name);
        setBio(saved.bio ?? '');
      },
    }),
  );

  const submit = () => {
    if (!sessionUser) {
      notifyError(t.errorTitle, null, t.userNotFound);
      return;
    }
    const problem = validateProfile(name, t.nameMin);
    setError(problem);
    if (problem) return;
    update.mutate({ id: sessionUser.id, data: { name: name.trim(), bio: bio.trim() } });
  };

  const changed = loaded && !!user.data && (name !== user.data.name || bio !== (user.data.bio ?? ''));

  return (
    <AdminPage title={t.profile} backTo="/admin" maxW="3xl">
      <Stack gap="6">
        {user.isLoading || (!loaded && !user.isError) ? (
          <LoadingState />
        ) : user.isError || !user.data ? (
          <ErrorState title={t.failedLoadProfile} error={user.error} onRetry={() => void user.refetch()} />
        ) : (
          <Card.Root variant="outline">
            <Card.Body>
              <Stack gap="6">
                <HStack gap="4">
                  <Avatar.Root size="2xl">
                    <Avatar.Fallback data-testid="profile-initials">{initials(user.data.name)}</Avatar.Fallback>
                    {user.data.avatarUrl ? <Avatar.Image src={user.data.avatarUrl} alt="" /> : null}
                  </Avatar.Root>
                  <Stack gap="0">
                    <Text fontSize="xl" fontWeight="bold" data-testid="profile-name">
                      {user.data.name}
                    </Text>
                    <Text color="fg.muted" dir="ltr" textAlign="end" data-testid="profile-email">
                      {user.data.email}
                    </Text>
                  </Stack>
                </HStack>
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    submit();
                  }}
                >
                  <Stack gap="4">
                    <RequiredTextField
                      label={t.name}
                      name="name"
                      value={name}
                      error={error}
                      onValueChange={(value) => {
                        setName(value);
                        setError(null);
                      }}
                    />
                    <Field.Root>
                      <Field.Label>{t.bio}</Field.Label>
                      <Textarea name="bio" rows={4} value={bio} onChange={(e) => setBio(e.target.value)} />
                    </Field.Root>
                    <SaveRow changed={changed} pending={update.isPending} />
                  </Stack>
                </form>
              </Stack>
            </Card.Body>
          </Card.Root>
        )}
        <ApiTokensCard />
      </Stack>
    </AdminPage>
  );
}
