// User Management (spec §2, §4, §5, §8): search, sort, pages, inline edit, delete, Add User, and
// Export CSV (CONTRACT §3 "Operators").
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { USER_SEARCH_MAX_LENGTH, type UserSortField } from '@shared/constants';
import type { ListUsersInput } from '@shared/user-schemas';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Field } from '@/ui/field';
import { StatusMessage } from '@/ui/status-message';
import { MessageDialog } from '@/ui/message-dialog';
import { Pagination } from '@/ui/pagination';
import { PanelSection } from '@/ui/panel-section';
import { AddUserDialog } from './add-user-dialog';
import { UserRow } from './user-row';
import { useUsersExport, type Notice } from './use-users-export';
import { updateInputOf, type AdminUser, type CreateUserInput, type UserDraft } from './user-types';
import { SortSelect } from './sort-select';
import { TableMessageRow, UsersTable } from './users-table';
import './users-section.css';

/** Spec §4, §9: the list reloads this long after the search text or the sort stops changing. */
const RELOAD_DEBOUNCE_MS = 500;

type Criteria = Omit<ListUsersInput, 'page'>;

/** Spec §4: newest first until the admin picks a column. */
const INITIAL_CRITERIA: Criteria = { search: '', sortBy: 'createdAt', sortOrder: 'desc' };

const DELETE_QUESTION = 'Are you sure you want to delete this user? This action cannot be undone.';
const CLEAR_TWO_FACTOR_QUESTION =
  'Clear this user’s two-factor sign-in? They will be signed out everywhere, and their password alone will sign them in until they set it up again.';

export function UsersSection() {
  const utils = trpc.useUtils();
  // What the admin has chosen (shown at once) and what is loaded (500 ms later, from page 1).
  const [criteria, setCriteria] = useState(INITIAL_CRITERIA);
  const [query, setQuery] = useState<ListUsersInput>({ ...INITIAL_CRITERIA, page: 1 });
  const [editingId, setEditingId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [clearing, setClearing] = useState<AdminUser | null>(null);
  const [alertMessage, setAlertMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The notice sits under the section's buttons; on a phone, where the sidebar stacks above, the
  // button pressed can be the last thing on screen: the line that says what it did comes into view.
  const noticeLine = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeLine.current?.scrollIntoView({ block: 'nearest' });
  }, [notice]);
  const tableRegion = useRef<HTMLDivElement>(null);
  // After a deletion the row and its Delete button are gone (after a clear, its Clear 2FA button):
  // focus moves to the table instead, once the confirm dialog has closed (while it is open, the
  // page behind it is inert).
  const focusTableAfterDialog = useRef(false);

  // Keeps the previous page on screen while the next one loads, so the table does not jump.
  const list = trpc.users.list.useQuery(query, { placeholderData: keepPreviousData });
  // Returning the refetch keeps each mutation pending until the list (and stats) are fresh.
  // The list and, beside it, who of its page has two-factor sign-in on.
  const refresh = () => Promise.all([utils.users.invalidate(), utils.auth.twoFactorAdmin.invalidate()]);
  const create = trpc.users.create.useMutation({ onSuccess: refresh });
  const update = trpc.users.update.useMutation({ onSuccess: refresh });
  const remove = trpc.users.delete.useMutation({ onSuccess: refresh });
  const clearTwoFactor = trpc.auth.twoFactorAdmin.clear.useMutation({ onSuccess: refresh });
  // Who on this page has two-factor on: asked beside the list, whose users keep CONTRACT's shape.
  const pageIds = list.data?.data.map((user) => user._id) ?? [];
  const withTwoFactor = trpc.auth.twoFactorAdmin.amongUsers.useQuery({ ids: pageIds }, { enabled: pageIds.length > 0, placeholderData: keepPreviousData });
  // The admin's own is turned off from Account Security, with a password and a code.
  const myId = trpc.auth.me.useQuery().data?._id;
  const usersExport = useUsersExport(setNotice);

  useEffect(() => {
    const wanted = { ...criteria, search: criteria.search.trim() };
    const timer = setTimeout(() => {
      setQuery((q) => (q.search === wanted.search && q.sortBy === wanted.sortBy && q.sortOrder === wanted.sortOrder ? q : { ...wanted, page: 1 }));
    }, RELOAD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [criteria]);

  useEffect(() => {
    if (deleting || clearing || !focusTableAfterDialog.current) return;
    focusTableAfterDialog.current = false;
    tableRegion.current?.focus();
  }, [deleting, clearing]);

  // Spec §8: a failed load is logged, not shown.
  useEffect(() => {
    if (list.error) console.error('Failed to load users:', list.error);
  }, [list.error]);

  function sort(field: UserSortField) {
    setCriteria((c) => ({
      ...c,
      sortBy: field,
      // A new column starts ascending; the same column again flips.
      sortOrder: c.sortBy === field && c.sortOrder === 'asc' ? 'desc' : 'asc',
    }));
  }

  function save(user: AdminUser, draft: UserDraft, onSaved: () => void) {
    setNotice(null);
    update.mutate(updateInputOf(user._id, draft), {
      onSuccess: () => {
        onSaved();
        setEditingId(null);
        setNotice({ tone: 'success', text: 'Changes saved.' });
      },
      onError: (error) => setAlertMessage(`Failed to update user: ${serverMessage(error, MESSAGES.somethingWentWrong)}`),
    });
  }

  function add(input: CreateUserInput) {
    setNotice(null);
    create.mutate(input, {
      onSuccess: () => {
        setAdding(false);
        setNotice({ tone: 'success', text: 'User created.' });
      },
      onError: (error) => setAlertMessage(`Failed to add user: ${serverMessage(error, MESSAGES.somethingWentWrong)}`),
    });
  }

  function confirmDelete(user: AdminUser) {
    const lastOnPage = list.data?.data.length === 1;
    remove.mutate(
      { id: user._id },
      {
        onSuccess: () => {
          focusTableAfterDialog.current = true;
          setDeleting(null);
          if (editingId === user._id) setEditingId(null);
          setNotice({ tone: 'success', text: 'User deleted.' });
          if (lastOnPage) setQuery((q) => (q.page > 1 ? { ...q, page: q.page - 1 } : q));
        },
        onError: () => {
          setDeleting(null);
          setAlertMessage('Failed to delete user.');
        },
      },
    );
  }

  function confirmClearTwoFactor(user: AdminUser) {
    clearTwoFactor.mutate(
      { id: user._id },
      {
        onSuccess: ({ message }) => {
          focusTableAfterDialog.current = true;
          setClearing(null);
          setNotice({ tone: 'success', text: message });
        },
        onError: (error) => {
          setClearing(null);
          setAlertMessage(`Failed to clear two-factor sign-in: ${serverMessage(error, MESSAGES.somethingWentWrong)}`);
        },
      },
    );
  }

  const page = list.data;
  const users = page?.data;

  return (
    <PanelSection
      title="User Management"
      className="users"
      actions={
        <>
          <Button
            variant="secondary"
            className="button--small"
            busy={usersExport.exporting}
            // What the controls show, even within the half second before the table follows them.
            onClick={() => void usersExport.start({ ...criteria, search: criteria.search.trim() })}
          >
            Export CSV
          </Button>
          <Button
            variant="primary"
            className="button--small"
            onClick={() => {
              setNotice(null);
              setAdding(true);
            }}
          >
            Add User
          </Button>
        </>
      }
    >
      <div className="users__toolbar">
        <Field
          label="Search users"
          type="search"
          placeholder="Name or email"
          autoComplete="off"
          spellCheck={false}
          className="input--compact"
          maxLength={USER_SEARCH_MAX_LENGTH}
          value={criteria.search}
          onChange={(e) => setCriteria((c) => ({ ...c, search: e.target.value }))}
        />
        {notice && (
          <div ref={noticeLine}>
            <StatusMessage tone={notice.tone} compact>
              {notice.text}
            </StatusMessage>
          </div>
        )}
      </div>

      <SortSelect sortBy={criteria.sortBy} sortOrder={criteria.sortOrder} onSort={(sortBy, sortOrder) => setCriteria((c) => ({ ...c, sortBy, sortOrder }))} />
      <UsersTable ref={tableRegion} sortBy={criteria.sortBy} sortOrder={criteria.sortOrder} onSort={sort} busy={list.isFetching}>
        {users ? (
          users.length > 0 ? (
            users.map((user) => (
              <UserRow
                key={user._id}
                user={user}
                editing={editingId === user._id}
                saving={update.isPending && update.variables?.id === user._id}
                onEdit={() => {
                  setNotice(null);
                  setEditingId(user._id);
                }}
                onCancel={() => setEditingId(null)}
                onSave={(draft, onSaved) => save(user, draft, onSaved)}
                onDelete={() => {
                  setNotice(null);
                  setDeleting(user);
                }}
                onClearTwoFactor={
                  user._id !== myId && withTwoFactor.data?.includes(user._id)
                    ? () => {
                        setNotice(null);
                        setClearing(user);
                      }
                    : undefined
                }
              />
            ))
          ) : (
            <TableMessageRow>No users found</TableMessageRow>
          )
        ) : (
          list.isPending && <TableMessageRow>Loading users...</TableMessageRow>
        )}
      </UsersTable>

      {page && <Pagination label="User pages" page={page.currentPage} totalPages={page.totalPages} onPage={(p) => setQuery((q) => ({ ...q, page: p }))} />}

      {adding && <AddUserDialog busy={create.isPending} onSubmit={add} onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete user"
          message={DELETE_QUESTION}
          detail={
            <p className="muted">
              {deleting.name} ({deleting.email})
            </p>
          }
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {clearing && (
        <ConfirmDialog
          title="Clear two-factor sign-in"
          message={CLEAR_TWO_FACTOR_QUESTION}
          detail={
            <p className="muted">
              {clearing.name} ({clearing.email})
            </p>
          }
          confirmLabel="Clear"
          busy={clearTwoFactor.isPending}
          onConfirm={() => confirmClearTwoFactor(clearing)}
          onCancel={() => setClearing(null)}
        />
      )}
      {alertMessage && <MessageDialog message={alertMessage} onClose={() => setAlertMessage(null)} />}
    </PanelSection>
  );
}
