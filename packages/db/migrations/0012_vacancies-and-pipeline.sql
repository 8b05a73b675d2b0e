CREATE TABLE "reasons" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"reason_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reasons_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "reasons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "status_groups" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "status_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_groups_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "status_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "application_transitions" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "application_transitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"from_status_id" integer,
	"to_status_id" integer NOT NULL,
	"moved_by" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seconds_in_from" integer,
	"reason_id" integer,
	"comment" text,
	"kind" text NOT NULL,
	CONSTRAINT "application_transitions_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "application_transitions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applications" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vacancy_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"entered_status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reject_reason_id" integer,
	"reject_kind" text,
	"reject_comment" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "columns" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "columns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" text DEFAULT 'M' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vacancy_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "columns_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "columns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "statuses" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status_group_id" integer,
	"vacancy_id" integer,
	"copied_from_id" integer,
	"name" text NOT NULL,
	"color" text DEFAULT '#6366F1' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status_type" text DEFAULT 'user' NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"is_offer" boolean DEFAULT false NOT NULL,
	"is_reject" boolean DEFAULT false NOT NULL,
	"reject_kind" text,
	"is_required" boolean DEFAULT false NOT NULL,
	"stay_duration" integer,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evaluation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statuses_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "statuses_vacancy_stage_key" UNIQUE("account_id","vacancy_id","id"),
	CONSTRAINT "statuses_one_owner_check" CHECK (num_nonnulls(status_group_id, vacancy_id) = 1),
	CONSTRAINT "statuses_reject_kind_check" CHECK ((reject_kind is not null) = is_reject)
);
--> statement-breakpoint
ALTER TABLE "statuses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vacancies" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "vacancies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" text NOT NULL,
	"salary_from" integer,
	"salary_to" integer,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"needed" integer DEFAULT 1 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"body" text,
	"requirements" text,
	"conditions" text,
	"information" text,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"country_id" integer,
	"city" text,
	"division_id" integer,
	"status_group_id" integer,
	"vacancy_application_id" integer,
	"date_will_close" date,
	"days_until_deadline" integer,
	"additional_fields_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"state_reason_id" integer,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "vacancies_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "vacancies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vacancy_members" (
	"account_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_members_account_id_vacancy_id_user_id_pk" PRIMARY KEY("account_id","vacancy_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "vacancy_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vacancy_state_log" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "vacancy_state_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vacancy_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason_id" integer,
	"comment" text,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_state_log_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "vacancy_state_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vacancy_templates" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "vacancy_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"position" text,
	"salary_from" integer,
	"salary_to" integer,
	"currency" text,
	"needed" integer,
	"priority" integer,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"body" text,
	"requirements" text,
	"conditions" text,
	"information" text,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"country_id" integer,
	"city" text,
	"division_id" integer,
	"status_group_id" integer,
	"days_until_deadline" integer,
	"additional_fields_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_templates_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "vacancy_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "account_divisions" ADD COLUMN "additional_fields_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reasons" ADD CONSTRAINT "reasons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_groups" ADD CONSTRAINT "status_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_transitions" ADD CONSTRAINT "application_transitions_account_id_vacancy_id_vacancies_account_id_id_fk" FOREIGN KEY ("account_id","vacancy_id") REFERENCES "public"."vacancies"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_transitions" ADD CONSTRAINT "application_transitions_account_id_applicant_id_applicants_account_id_id_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_account_id_vacancy_id_vacancies_account_id_id_fk" FOREIGN KEY ("account_id","vacancy_id") REFERENCES "public"."vacancies"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_account_id_applicant_id_applicants_account_id_id_fk" FOREIGN KEY ("account_id","applicant_id") REFERENCES "public"."applicants"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_vacancy_stage_fk" FOREIGN KEY ("account_id","vacancy_id","status_id") REFERENCES "public"."statuses"("account_id","vacancy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_account_id_reject_reason_id_reasons_account_id_id_fk" FOREIGN KEY ("account_id","reject_reason_id") REFERENCES "public"."reasons"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_account_id_created_by_users_account_id_id_fk" FOREIGN KEY ("account_id","created_by") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "columns" ADD CONSTRAINT "columns_account_id_user_id_users_account_id_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "columns" ADD CONSTRAINT "columns_account_id_vacancy_id_vacancies_account_id_id_fk" FOREIGN KEY ("account_id","vacancy_id") REFERENCES "public"."vacancies"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_account_id_status_group_id_status_groups_account_id_id_fk" FOREIGN KEY ("account_id","status_group_id") REFERENCES "public"."status_groups"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_account_id_vacancy_id_vacancies_account_id_id_fk" FOREIGN KEY ("account_id","vacancy_id") REFERENCES "public"."vacancies"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_account_id_division_id_account_divisions_account_id_id_fk" FOREIGN KEY ("account_id","division_id") REFERENCES "public"."account_divisions"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_account_id_status_group_id_status_groups_account_id_id_fk" FOREIGN KEY ("account_id","status_group_id") REFERENCES "public"."status_groups"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_account_id_state_reason_id_reasons_account_id_id_fk" FOREIGN KEY ("account_id","state_reason_id") REFERENCES "public"."reasons"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_account_id_author_id_users_account_id_id_fk" FOREIGN KEY ("account_id","author_id") REFERENCES "public"."users"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_members" ADD CONSTRAINT "vacancy_members_account_id_vacancy_id_vacancies_account_id_id_fk" FOREIGN KEY ("account_id","vacancy_id") REFERENCES "public"."vacancies"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_members" ADD CONSTRAINT "vacancy_members_account_id_user_id_users_account_id_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."users"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_state_log" ADD CONSTRAINT "vacancy_state_log_account_id_vacancy_id_vacancies_account_id_id_fk" FOREIGN KEY ("account_id","vacancy_id") REFERENCES "public"."vacancies"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_state_log" ADD CONSTRAINT "vacancy_state_log_account_id_reason_id_reasons_account_id_id_fk" FOREIGN KEY ("account_id","reason_id") REFERENCES "public"."reasons"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_templates" ADD CONSTRAINT "vacancy_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reasons_type_idx" ON "reasons" USING btree ("account_id","reason_type","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reasons_name_key" ON "reasons" USING btree ("account_id","reason_type",lower(name));--> statement-breakpoint
CREATE INDEX "application_transitions_vacancy_idx" ON "application_transitions" USING btree ("account_id","vacancy_id","moved_at");--> statement-breakpoint
CREATE INDEX "application_transitions_application_idx" ON "application_transitions" USING btree ("account_id","application_id","moved_at");--> statement-breakpoint
CREATE INDEX "application_transitions_applicant_idx" ON "application_transitions" USING btree ("account_id","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_vacancy_applicant_key" ON "applications" USING btree ("account_id","vacancy_id","applicant_id");--> statement-breakpoint
CREATE INDEX "applications_board_idx" ON "applications" USING btree ("account_id","vacancy_id","status_id","entered_status_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("account_id","applicant_id");--> statement-breakpoint
CREATE INDEX "columns_user_idx" ON "columns" USING btree ("account_id","user_id","position");--> statement-breakpoint
CREATE INDEX "statuses_vacancy_idx" ON "statuses" USING btree ("account_id","vacancy_id","position");--> statement-breakpoint
CREATE INDEX "statuses_group_idx" ON "statuses" USING btree ("account_id","status_group_id","position");--> statement-breakpoint
CREATE INDEX "vacancies_state_idx" ON "vacancies" USING btree ("account_id","state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vacancies_division_idx" ON "vacancies" USING btree ("account_id","division_id");--> statement-breakpoint
CREATE INDEX "vacancy_members_user_idx" ON "vacancy_members" USING btree ("account_id","user_id","role");--> statement-breakpoint
CREATE INDEX "vacancy_state_log_vacancy_idx" ON "vacancy_state_log" USING btree ("account_id","vacancy_id","changed_at");--> statement-breakpoint
CREATE INDEX "vacancy_templates_name_idx" ON "vacancy_templates" USING btree ("account_id",lower(name));--> statement-breakpoint
-- Stages did not exist before this migration, so no right can name one yet: rows written before
-- (by hand or by tests) point at nothing and would block the new foreign key.
DELETE FROM "user_status_rights";--> statement-breakpoint
ALTER TABLE "user_status_rights" ADD CONSTRAINT "user_status_rights_account_id_status_id_statuses_account_id_id_fk" FOREIGN KEY ("account_id","status_id") REFERENCES "public"."statuses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_status_rights_status_idx" ON "user_status_rights" USING btree ("account_id","status_id");--> statement-breakpoint
CREATE POLICY "reasons_tenant_isolation" ON "reasons" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "status_groups_tenant_isolation" ON "status_groups" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "application_transitions_tenant_isolation" ON "application_transitions" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "applications_tenant_isolation" ON "applications" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "columns_tenant_isolation" ON "columns" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "statuses_tenant_isolation" ON "statuses" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "vacancies_tenant_isolation" ON "vacancies" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "vacancy_members_tenant_isolation" ON "vacancy_members" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "vacancy_state_log_tenant_isolation" ON "vacancy_state_log" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "vacancy_templates_tenant_isolation" ON "vacancy_templates" AS PERMISSIVE FOR ALL TO "ats_app" USING ("account_id" = nullif(current_setting('app.account_id', true), '')::integer) WITH CHECK ("account_id" = nullif(current_setting('app.account_id', true), '')::integer);--> statement-breakpoint
-- What every account starts with: the default funnel «Основная воронка» with its stages (the two
-- last are the rejection stages) and reasons of each type. Sign-up calls it in its transaction
-- (modules/statuses/pipeline-seed.service.ts); contracts/pipeline.ts DEFAULT_FUNNEL and
-- DEFAULT_REASONS describe the same data and the tests hold the two together.
CREATE FUNCTION ats_seed_account_pipeline(p_account_id integer) RETURNS void
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  funnel_id integer;
BEGIN
  INSERT INTO status_groups (account_id, name, position, is_active, is_favorite)
  VALUES (p_account_id, 'Основная воронка', 1, true, true)
  RETURNING id INTO funnel_id;

  INSERT INTO statuses (account_id, status_group_id, name, color, position, status_type,
                        is_offer, is_reject, reject_kind, stay_duration)
  SELECT p_account_id, funnel_id, s.name, s.color, s.position, s.status_type,
         s.is_offer, s.is_reject, s.reject_kind, s.stay_duration
  FROM (VALUES
    ('Новый',                 '#3B82F6', 1, 'user',  false, false, NULL,     3),
    ('Первичный контакт',     '#06B6D4', 2, 'user',  false, false, NULL,     5),
    ('Интервью с HR',         '#8B5CF6', 3, 'user',  false, false, NULL,     7),
    ('Интервью с заказчиком', '#F59E0B', 4, 'user',  false, false, NULL,     7),
    ('Оффер',                 '#10B981', 5, 'user',  true,  false, NULL,     5),
    ('Вышел на работу',       '#16A34A', 6, 'hired', false, false, NULL,     NULL),
    ('Отказ компании',        '#EF4444', 7, 'user',  false, true,  'reject', NULL),
    ('Отказ кандидата',       '#9CA3AF', 8, 'user',  false, true,  'refuse', NULL)
  ) AS s(name, color, position, status_type, is_offer, is_reject, reject_kind, stay_duration);

  INSERT INTO reasons (account_id, name, reason_type, position)
  SELECT p_account_id, r.name, r.reason_type, r.position
  FROM (VALUES
    ('Не подходит по опыту', 'reject', 1),
    ('Не прошёл интервью', 'reject', 2),
    ('Завышенные ожидания по зарплате', 'reject', 3),
    ('Не прошёл проверку', 'reject', 4),
    ('Принял другое предложение', 'refuse', 1),
    ('Не устроила зарплата', 'refuse', 2),
    ('Передумал менять работу', 'refuse', 3),
    ('Не устроил график/локация', 'refuse', 4),
    ('Вакансия закрыта наймом', 'close', 1),
    ('Отменена заказчиком', 'close', 2),
    ('Заморожен бюджет', 'hold', 1),
    ('Пересмотр требований', 'hold', 2)
  ) AS r(name, reason_type, position);
END
$$;--> statement-breakpoint
-- Accounts created before the pipeline existed get the same defaults as a new sign-up.
SELECT ats_seed_account_pipeline(a.id)
FROM accounts a
WHERE NOT EXISTS (SELECT 1 FROM status_groups g WHERE g.account_id = a.id);--> statement-breakpoint
-- The board's live updates: every change of an application is announced on the channel
-- `ats_board`; each server process LISTENs once and fans the events out to its open boards, so a
-- move made through one process reaches browsers connected to another. NOTIFY is sent at commit
-- and only if the transaction commits.
CREATE FUNCTION ats_notify_board() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  changed applications%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('ats_board', json_build_object(
    'account_id', changed.account_id,
    'vacancy_id', changed.vacancy_id,
    'application_id', changed.id,
    'status_id', changed.status_id,
    'op', lower(TG_OP))::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER applications_board_notify AFTER INSERT OR UPDATE OR DELETE ON applications
FOR EACH ROW EXECUTE FUNCTION ats_notify_board();
