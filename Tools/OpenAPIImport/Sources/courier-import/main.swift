print("courier-import")
