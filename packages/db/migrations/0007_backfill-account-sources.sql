-- Accounts created before résumé sources existed get the same defaults as a new sign-up
-- (contracts/account-sources.ts DEFAULT_ACCOUNT_SOURCES), so no account is left without them.
INSERT INTO account_sources (account_id, name, abbr, position)
SELECT a.id, d.name, d.abbr, d.position
FROM accounts a
CROSS JOIN (VALUES
  ('hh.ru', 'HH', 1), ('Avito Работа', 'AV', 2), ('Хабр Карьера', 'ХК', 3), ('SuperJob', 'SJ', 4),
  ('Telegram', 'TG', 5), ('Рекомендация', 'РК', 6), ('Сайт компании', 'СК', 7), ('Вручную', 'ВР', 8)
) AS d(name, abbr, position)
WHERE NOT EXISTS (SELECT 1 FROM account_sources s WHERE s.account_id = a.id);
