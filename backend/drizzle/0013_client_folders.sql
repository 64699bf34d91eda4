CREATE TABLE "client_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"title" text NOT NULL,
	"reference" text,
	"notes" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folder_document_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "folder_document_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"folder_id" uuid NOT NULL,
	"document_id" uuid,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_document_audit_action" CHECK ("folder_document_audit"."action" IN ('upload', 'download', 'delete', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "folder_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" uuid NOT NULL,
	"uploaded_by" text NOT NULL,
	"storage_name" text NOT NULL,
	"file_name" text NOT NULL,
	"label" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_documents_storage_name_unique" UNIQUE("storage_name"),
	CONSTRAINT "folder_documents_uploaded_by" CHECK ("folder_documents"."uploaded_by" IN ('user', 'attendee'))
);
--> statement-breakpoint
CREATE TABLE "folder_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" uuid NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_messages_author" CHECK ("folder_messages"."author" IN ('user', 'attendee'))
);
--> statement-breakpoint
ALTER TABLE "client_folders" ADD CONSTRAINT "client_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_folders" ADD CONSTRAINT "client_folders_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_document_audit" ADD CONSTRAINT "folder_document_audit_folder_id_client_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."client_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_documents" ADD CONSTRAINT "folder_documents_folder_id_client_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."client_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_messages" ADD CONSTRAINT "folder_messages_folder_id_client_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."client_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_folders_user_idx" ON "client_folders" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "client_folders_attendee_idx" ON "client_folders" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "folder_document_audit_folder_idx" ON "folder_document_audit" USING btree ("folder_id","at");--> statement-breakpoint
CREATE INDEX "folder_documents_folder_idx" ON "folder_documents" USING btree ("folder_id","created_at");--> statement-breakpoint
CREATE INDEX "folder_messages_folder_idx" ON "folder_messages" USING btree ("folder_id","created_at");