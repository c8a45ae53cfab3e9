/* Takes config_lock, then cache_lock: on its own a correct program. */
void reload_config(void);

int main(void)
{
	reload_config();
	return 0;
}
