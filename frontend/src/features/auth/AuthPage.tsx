import { Alert, Box, Button, Card, Grid, Heading, HStack, Link as ChakraLink, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Layers, PenTool, Share2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_LIMITS } from '@mudawwana/rules';
import { Redirect, Seo } from '@/page/render-context';
import { FormField } from '@/components/ui/FormField';
import { toaster } from '@/components/ui/toaster';
import { t } from '@/i18n';
import { ERROR_TEXT } from '@/i18n/errors';
import { api, currentUserQuery, errorMessage, registrationStatusQuery, type UserDto } from '@/lib/api';
import { FORM_ACTIONS, formFailureOf, tabOf, tabPath, type AuthTab, type FormFailure } from './auth-params';
import { sessionStarted, useAuth } from './useAuth';
import { validateForgot, validateLogin, validateRegister, type Errors } from './validation';

const L = ACCOUNT_LIMITS;

/**
 * /auth (SPEC §2): login and register tabs, the forgot-password view, the four-feature panel; signed in → /.
 * Right before any script runs (docs/decisions/005: the page hydrates on the first interaction): the server render
 * has read whether registration is open, so the register tab is in the first HTML exactly when it can work, and first
 * while the blog has no account. The tabs are links (?tab=…) and the forms post to the backend's form routes, so
 * both work without JavaScript; a failed post comes back here with what failed (auth-params.ts).
 */
export function AuthPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<'tabs' | 'forgot'>('tabs');
  const [chosen, setChosen] = useState<AuthTab>();
  // What a form posted without JavaScript came back with: shown until the next submit.
  const [failure, setFailure] = useState(() => formFailureOf(params));
  // Once the blog has its author, registration is closed (unless the server allows more): no register tab then.
  const registration = useQuery(registrationStatusQuery());
  const canRegister = registration.data?.open === true;
  const wanted = chosen ?? tabOf(params) ?? (registration.data?.firstAccount ? 'register' : 'login');
  const tab: AuthTab = canRegister ? wanted : 'login';
  const failed = (of: AuthTab) => (failure?.tab === of ? failure : undefined);
  const clearFailure = () => setFailure(undefined);

  if (user) return <Redirect to="/" />;
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="8" alignItems="start" data-testid="auth-page">
      <Seo title={t('auth.login')} path="/auth" noindex />
      <Card.Root variant="outline" bg="card">
        <Card.Body>
          {view === 'forgot' ? (
            <ForgotPasswordForm onDone={() => setView('tabs')} />
          ) : (
            <Tabs.Root
              value={tab}
              onValueChange={(details) => setChosen(details.value as AuthTab)}
              // The triggers are links (for a browser without JavaScript); with it, a click selects the tab in place
              // and the address follows, so a reload keeps it.
              navigate={({ value }) => setParams({ tab: value }, { replace: true })}
              variant="enclosed"
              fitted
            >
              <Heading as="h1" size="xl" mb="4">
                {tab === 'login' ? t('auth.welcome') : t('auth.register')}
              </Heading>
              <FailureAlert failure={failure} />
              {canRegister && (
                <Tabs.List>
                  <Tabs.Trigger value="login" asChild>
                    <a href={tabPath('login')}>{t('auth.login')}</a>
                  </Tabs.Trigger>
                  <Tabs.Trigger value="register" asChild>
                    <a href={tabPath('register')}>{t('auth.register')}</a>
                  </Tabs.Trigger>
                </Tabs.List>
              )}
              <Tabs.Content value="login">
                <LoginForm onForgot={() => setView('forgot')} failure={failed('login')} onSubmitted={clearFailure} />
              </Tabs.Content>
              {canRegister && (
                <Tabs.Content value="register">
                  <RegisterForm
                    failure={failed('register')}
                    onSubmitted={clearFailure}
                    setupCodeRequired={registration.data?.setupCodeRequired === true}
                  />
                </Tabs.Content>
              )}
            </Tabs.Root>
          )}
        </Card.Body>
      </Card.Root>
      <FeaturePanel />
    </Grid>
  );
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: UserDto) => {
    sessionStarted();
    queryClient.setQueryData<UserDto | null>(currentUserQuery().queryKey, user);
  };
}

interface FormProps {
  /** What this form's post without JavaScript came back with. */
  failure: FormFailure | undefined;
  onSubmitted: () => void;
}

/** The messages of the fields a post without JavaScript failed on: the same ones as the screen's own check. */
function fieldErrors<K extends string>(failure: FormFailure | undefined, messages: Record<K, string>): Errors<K> {
  const errors: Errors<K> = {};
  for (const field of failure?.invalid ?? []) if (field in messages) errors[field as K] = messages[field as K];
  return errors;
}

/**
 * The API's refusal of a post without JavaScript, as the toast with JavaScript would say it (SPEC §8). Above the tabs:
 * a register form refused because registration closed meanwhile comes back to a screen without that tab.
 */
function FailureAlert({ failure }: { failure: FormFailure | undefined }) {
  if (!failure?.error) return null;
  return (
    <Alert.Root status="error" mb="4" data-testid="form-failure">
      <Alert.Indicator />
      <Stack gap="1" flex="1">
        <Alert.Title>{t(failure.tab === 'register' ? 'auth.registerFailed' : 'auth.loginFailed')}</Alert.Title>
        <Alert.Description>{ERROR_TEXT[failure.error]}</Alert.Description>
      </Stack>
    </Alert.Root>
  );
}

function LoginForm({ onForgot, failure, onSubmitted }: FormProps & { onForgot: () => void }) {
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors<'username' | 'password'>>(() =>
    fieldErrors(failure, { username: t('auth.v.identifier'), password: t('auth.v.password') }),
  );
  const signedIn = useSignedIn();
  const login = useMutation({
    mutationFn: api.login,
    onSuccess: (user) => {
      toaster.create({ type: 'success', title: t('auth.loginSuccess'), description: t('auth.loginWelcome', { name: user.name }) });
      signedIn(user);
    },
    onError: (error) => toaster.create({ type: 'error', title: t('auth.loginFailed'), description: errorMessage(error) }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmitted();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length === 0) login.mutate({ username: values.username.trim(), password: values.password });
  };
  return (
    <form method="post" action={FORM_ACTIONS.login} onSubmit={onSubmit} noValidate data-testid="login-form">
      <Stack gap="4" pt="4">
        <Text color="fg.muted">{t('auth.loginIntro')}</Text>
        <FormField
          label={t('auth.emailOrUsername')}
          name="username"
          autoComplete="username"
          maxLength={L.identifierMaxLength}
          value={values.username}
          error={errors.username}
          onChange={(e) => setValues({ ...values, username: e.target.value })}
        />
        <FormField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={L.passwordMaxLength}
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <Button type="submit" colorPalette="blue" loading={login.isPending}>
          {t('auth.login')}
        </Button>
        <ChakraLink as="button" type="button" onClick={onForgot} color="brand.fg" fontSize="sm" alignSelf="flex-start">
          {t('auth.forgot')}
        </ChakraLink>
      </Stack>
    </form>
  );
}

/**
 * The register form. While the blog has no author and is reachable from outside, the first account needs the setup
 * code that the server printed at start (GET /api/registration says so): the field is there only then.
 */
function RegisterForm({ failure, onSubmitted, setupCodeRequired }: FormProps & { setupCodeRequired: boolean }) {
  const [values, setValues] = useState({ username: '', email: '', password: '', name: '', setupCode: '' });
  const [errors, setErrors] = useState<Errors<'username' | 'email' | 'password' | 'name' | 'setupCode'>>(() => ({
    ...fieldErrors(failure, {
      username: t('auth.v.username'),
      email: t('auth.v.email'),
      password: t('auth.v.password'),
      name: t('auth.v.name'),
      setupCode: t('auth.v.setupCode'),
    }),
    // A wrong code posted without JavaScript: said at the field too, not only above the tabs.
    ...(failure?.error === 'SETUP_CODE_INVALID' ? { setupCode: ERROR_TEXT.SETUP_CODE_INVALID } : {}),
  }));
  const signedIn = useSignedIn();
  const register = useMutation({
    mutationFn: api.register,
    onSuccess: (user) => {
      toaster.create({ type: 'success', title: t('auth.registerSuccess'), description: t('auth.registerSuccessText') });
      signedIn(user);
    },
    onError: (error) => toaster.create({ type: 'error', title: t('auth.registerFailed'), description: errorMessage(error) }),
  });
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmitted();
    const found = validateRegister(values, { setupCodeRequired });
    setErrors(found);
    if (Object.keys(found).length === 0) {
      register.mutate({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        name: values.name.trim(),
        ...(setupCodeRequired ? { setupCode: values.setupCode.trim() } : {}),
      });
    }
  };
  return (
    <form method="post" action={FORM_ACTIONS.register} onSubmit={onSubmit} noValidate data-testid="register-form">
      <Stack gap="4" pt="4">
        <Text color="fg.muted">{t('auth.registerIntro')}</Text>
        <FormField
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          maxLength={L.nameMaxLength}
          value={values.name}
          error={errors.name}
          onChange={set('name')}
        />
        <FormField
          label={t('auth.username')}
          name="username"
          autoComplete="username"
          dir="ltr"
          maxLength={L.usernameMaxLength}
          value={values.username}
          error={errors.username}
          onChange={set('username')}
        />
        <FormField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          maxLength={L.emailMaxLength}
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <FormField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={L.passwordMaxLength}
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        {setupCodeRequired && (
          <Stack gap="1">
            <FormField
              label={t('auth.setupCode')}
              name="setupCode"
              autoComplete="off"
              dir="ltr"
              maxLength={100}
              value={values.setupCode}
              error={errors.setupCode}
              onChange={set('setupCode')}
            />
            <Text fontSize="sm" color="fg.muted" data-testid="setup-code-help">
              {t('auth.setupCodeHelp')}
            </Text>
          </Stack>
        )}
        <Button type="submit" colorPalette="blue" loading={register.isPending}>
          {t('auth.register')}
        </Button>
      </Stack>
    </form>
  );
}

function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors<'email'>>({});
  const forgot = useMutation({
    mutationFn: api.forgotPassword,
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('auth.forgotSuccess'), description: t('auth.forgotSuccessText') });
      onDone();
    },
    onError: (error) => toaster.create({ type: 'error', title: t('auth.forgotFailed'), description: errorMessage(error) }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateForgot({ email });
    setErrors(found);
    if (!found.email) forgot.mutate({ email: email.trim() });
  };
  return (
    <form onSubmit={onSubmit} noValidate data-testid="forgot-form">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {t('auth.forgotTitle')}
        </Heading>
        <Text color="fg.muted">{t('auth.forgotIntro')}</Text>
        <FormField
          label={t('auth.email')}
          name="email"
          type="email"
          dir="ltr"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" colorPalette="blue" loading={forgot.isPending}>
          {t('auth.sendLink')}
        </Button>
        <ChakraLink
          as="button"
          type="button"
          onClick={onDone}
          color="brand.fg"
          fontSize="sm"
          alignSelf="flex-start"
          data-testid="back-to-login"
        >
          {t('auth.backToLogin')}
        </ChakraLink>
      </Stack>
    </form>
  );
}

const FEATURES = [
  { icon: FileText, title: 'auth.feature.articles', text: 'auth.feature.articlesText' },
  { icon: Layers, title: 'auth.feature.categories', text: 'auth.feature.categoriesText' },
  { icon: PenTool, title: 'auth.feature.editor', text: 'auth.feature.editorText' },
  { icon: Share2, title: 'auth.feature.sharing', text: 'auth.feature.sharingText' },
] as const;

function FeaturePanel() {
  return (
    <Box
      as="aside"
      rounded="2xl"
      p={{ base: '6', md: '10' }}
      color="white"
      bgGradient="to-br"
      gradientFrom="blue.700"
      gradientTo="purple.700"
      data-testid="auth-features"
    >
      <Heading as="h2" size="xl" mb="6">
        {t('auth.panelTitle')}
      </Heading>
      <Stack gap="5" as="ul" listStyleType="none">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <HStack as="li" key={title} gap="4" align="start">
            <Box p="2" rounded="lg" bg="whiteAlpha.300">
              <Icon aria-hidden />
            </Box>
            <Stack gap="0">
              <Text fontWeight="bold">{t(title)}</Text>
              <Text fontSize="sm">{t(text)}</Text>
            </Stack>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}
