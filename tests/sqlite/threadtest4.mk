# The rule SQLite's Makefile.in lacks for test/threadtest4.c, written like its
# threadtest3 rule and using its variables. Use it next to the configured Makefile:
#   make -f Makefile -f tests/sqlite/threadtest4.mk threadtest4
threadtest4$(TEXE): sqlite3.lo $(TOP)/test/threadtest4.c
	$(LTLINK) $(TOP)/test/threadtest4.c sqlite3.lo -o $@ $(TLIBS)
