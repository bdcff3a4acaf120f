-- 0042_wechat_login (decision 148): WeChat accounts linked to ours, and the single-use steps of a WeChat login (the state, the sign-up waiting for its consents).
CREATE TABLE "wechat_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"nickname" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wechat_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"redirect" text,
	"link_user_id" integer,
	"profile" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wechat_identities" ADD CONSTRAINT "wechat_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_steps" ADD CONSTRAINT "wechat_steps_link_user_id_users_id_fk" FOREIGN KEY ("link_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_identities_openid_key" ON "wechat_identities" USING btree ("openid");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_identities_unionid_key" ON "wechat_identities" USING btree ("unionid") WHERE "wechat_identities"."unionid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_identities_user_key" ON "wechat_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_steps_token_key" ON "wechat_steps" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "wechat_steps_expires_idx" ON "wechat_steps" USING btree ("expires_at");